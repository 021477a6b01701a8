// invite-team-member: an admin invites a colleague to the team.
//   POST {email, role, redirectTo?}   role is admin, operator, sales or viewer. The colleague's
//                                     login is made (confirmed, app_metadata.role = role, so
//                                     public.users.role follows), then Auth e-mails it a
//                                     sign-in link (and code).
// Answers {member: {id, email, role}, sentTo}. There is no public sign-up: only this function,
// called by an admin (public.team_can('team'), asked with the caller's own token, so an admin
// who enrolled two-factor sign-in must have entered the code), makes a team member's login.
// An address that already has a login (a team member, a venue, an advertiser) is refused
// with 409: a role is changed on the Team page, not by inviting again.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { json } from '../_shared/cors.ts';
import { HttpError, parseBody, postHandler } from '../_shared/http.ts';
import { NOT_SIGNED_IN } from '../_shared/require-admin.ts';
import { anonClient, bearerToken, serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { emailField, escapeLike, sameEmail } from '../_shared/validation.ts';
import { jwtVerifier, type JwtVerifier } from '../_shared/verify-jwt.ts';

export { NOT_SIGNED_IN };
export const ADMINS_ONLY = 'Only admins can invite team members';
export const BAD_ROLE = 'role must be admin, operator, sales or viewer';
export const EMAIL_HAS_LOGIN = "This e-mail already has a login; change a team member's role on the Team page";
export const TOO_SOON = 'A sign-in link was sent to this address moments ago; try again in a minute';

export const TEAM_ROLES = ['admin', 'operator', 'sales', 'viewer'] as const;

const bodySchema = z.object({
  email: emailField,
  role: z.enum(TEAM_ROLES, { error: BAD_ROLE }),
  redirectTo: z.url({ error: 'redirectTo must be a URL' }).nullish(),
});

export interface Deps {
  env: SupabaseEnv;
  fetch?: typeof fetch;
  /** The SPA's origin; sign-in links lead to its /auth/callback unless the caller names another page. */
  siteUrl?: string;
}

export function defaultDeps(): Deps {
  return { env: supabaseEnv(), siteUrl: Deno.env.get('SITE_URL') || undefined };
}

/** Where the link leads: the caller's page if given (Auth checks it against its allow list), else the SPA's /auth/callback. */
function redirectTarget(req: Request, redirectTo: string | null | undefined, siteUrl: string | undefined) {
  if (redirectTo) return redirectTo;
  const origin = siteUrl ?? req.headers.get('Origin') ?? undefined;
  if (!origin || origin === 'null') return undefined;
  return `${origin.replace(/\/+$/, '')}/auth/callback`;
}

/**
 * The caller, when they may manage the team: 401 without a session, 403 otherwise. The session
 * is verified and still standing; the database answers team_can('team') for the caller's token.
 */
async function requireTeamAdmin(deps: Deps, req: Request, verifier: JwtVerifier): Promise<string> {
  const user = await verifier.user(bearerToken(req), { current: true });
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  const caller = anonClient(deps.env, {
    fetch: deps.fetch,
    headers: { Authorization: `Bearer ${bearerToken(req)!}` },
  });
  const { data, error } = await caller.rpc('team_can', { capability: 'team' });
  if (error) throw new Error(`role lookup failed: ${error.message}`);
  if (data !== true) throw new HttpError(403, ADMINS_ONLY);
  return user.id;
}

/** Refuses an address some login already signs in with. */
async function refuseExistingLogin(admin: SupabaseClient, email: string): Promise<void> {
  const { data, error } = await admin.from('users').select('id, email').ilike('email', escapeLike(email)).limit(5);
  if (error) throw new Error(`login lookup failed: ${error.message}`);
  if ((data as { id: string; email: string }[]).some((u) => sameEmail(u.email, email))) {
    throw new HttpError(409, EMAIL_HAS_LOGIN);
  }
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  const verifier = jwtVerifier(deps.env, { fetch: deps.fetch });
  return postHandler(async (req) => {
    await requireTeamAdmin(deps, req, verifier);
    const { email, role, redirectTo } = await parseBody(req, bodySchema);
    const admin = serviceClient(deps.env, { fetch: deps.fetch });

    await refuseExistingLogin(admin, email);
    const { data, error } = await admin.auth.admin.createUser({
      email,
      email_confirm: true,
      app_metadata: { role },
    });
    // Made meanwhile by someone else.
    if (error?.code === 'email_exists' || error?.status === 422) throw new HttpError(409, EMAIL_HAS_LOGIN);
    if (error) throw error;
    const member = { id: data.user.id, email, role };

    const target = redirectTarget(req, redirectTo, deps.siteUrl);
    const { error: otpError } = await anonClient(deps.env, { fetch: deps.fetch }).auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, ...(target ? { emailRedirectTo: target } : {}) },
    });
    if (otpError?.status === 429) throw new HttpError(429, TOO_SOON);
    if (otpError) throw otpError;
    return json({ member, sentTo: email });
  });
}
