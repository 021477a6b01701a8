// invite-advertiser: an admin invites an advertiser's contact to the advertiser portal.
//   POST {advertiserId, redirectTo?}   the advertiser's login is made (confirmed, role
//                                      advertiser, the advertiser's contact e-mail) and linked
//                                      by advertisers.user_id when it has none; then Auth
//                                      e-mails that login a sign-in link (and code). Asked again,
//                                      it re-sends the link to the linked login.
// Answers {advertiser: {id, email, user_id}, sentTo}. There is no public sign-up: only this
// function, called by an admin, makes an advertiser's login.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { json } from '../_shared/cors.ts';
import { HttpError, parseBody, postHandler } from '../_shared/http.ts';
import { NOT_SIGNED_IN, requireAdmin } from '../_shared/require-admin.ts';
import { anonClient, serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { escapeLike, sameEmail } from '../_shared/validation.ts';
import { jwtVerifier } from '../_shared/verify-jwt.ts';

export { NOT_SIGNED_IN };
export const ADMINS_ONLY = 'Only admins can invite an advertiser';
export const ADVERTISER_NOT_FOUND = 'Advertiser not found';
export const NO_EMAIL = "The advertiser has no contact e-mail: add one on the advertiser's page first";
export const EMAIL_TAKEN_BY_ADMIN = "This e-mail is an admin's sign-in; give the advertiser another contact e-mail";
export const EMAIL_TAKEN_BY_VENUE = "This e-mail is a venue's sign-in; give the advertiser another contact e-mail";
export const EMAIL_TAKEN_BY_ADVERTISER = "This e-mail is another advertiser's sign-in";
export const TOO_SOON = 'A sign-in link was sent to this address moments ago; try again in a minute';

const bodySchema = z.object({
  advertiserId: z.uuid({ error: 'advertiserId must be an advertiser id' }),
  redirectTo: z.url({ error: 'redirectTo must be a URL' }).nullish(),
});

export interface AdvertiserLoginRow {
  id: string;
  email: string;
  user_id: string | null;
}

const COLUMNS = 'id, email, user_id';

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

async function advertiserById(admin: SupabaseClient, id: string): Promise<AdvertiserLoginRow> {
  const { data, error } = await admin.from('advertisers').select(COLUMNS).eq('id', id).limit(1);
  if (error) throw new Error(`advertiser lookup failed: ${error.message}`);
  const row = (data as AdvertiserLoginRow[])[0];
  if (!row) throw new HttpError(404, ADVERTISER_NOT_FOUND);
  return row;
}

async function linkedRows(admin: SupabaseClient, table: 'customers' | 'advertisers', userId: string) {
  const { data, error } = await admin.from(table).select('id').eq('user_id', userId).limit(1);
  if (error) throw new Error(`${table} lookup failed: ${error.message}`);
  return (data as { id: string }[]).length > 0;
}

/**
 * Makes `email` free for a new advertiser login: refused when an admin, a venue or another
 * advertiser signs in with it; a login nobody linked is deleted, so nothing made before the
 * invitation (a password, a session) carries over.
 */
async function clearUnlinkedLogin(admin: SupabaseClient, email: string): Promise<void> {
  const { data, error } = await admin
    .from('users')
    .select('id, email, role')
    .ilike('email', escapeLike(email))
    .limit(5);
  if (error) throw new Error(`login lookup failed: ${error.message}`);
  const login = (data as { id: string; email: string; role: string }[]).find((u) => sameEmail(u.email, email));
  if (!login) return;
  if (login.role === 'admin') throw new HttpError(409, EMAIL_TAKEN_BY_ADMIN);
  if (await linkedRows(admin, 'customers', login.id)) throw new HttpError(409, EMAIL_TAKEN_BY_VENUE);
  if (await linkedRows(admin, 'advertisers', login.id)) throw new HttpError(409, EMAIL_TAKEN_BY_ADVERTISER);
  const { error: deleteError } = await admin.auth.admin.deleteUser(login.id);
  if (deleteError) throw deleteError;
}

/** The advertiser's login, made and linked now when it has none. */
async function ensureAdvertiserLogin(
  admin: SupabaseClient,
  advertiser: AdvertiserLoginRow,
): Promise<AdvertiserLoginRow> {
  if (advertiser.user_id) return advertiser;
  const email = advertiser.email.trim().toLowerCase();
  await clearUnlinkedLogin(admin, email);
  const { data, error } = await admin.auth.admin.createUser({
    email,
    email_confirm: true,
    app_metadata: { role: 'advertiser' },
  });
  if (error) throw error;
  const userId = data.user.id;
  const { data: linked, error: linkError } = await admin
    .from('advertisers')
    .update({ user_id: userId })
    .eq('id', advertiser.id)
    .is('user_id', null)
    .select(COLUMNS);
  const row = (linked as AdvertiserLoginRow[] | null)?.[0];
  if (linkError || !row) {
    // Someone linked the advertiser meanwhile (or it is gone): the login made here is not needed.
    await admin.auth.admin.deleteUser(userId);
    if (linkError) throw new Error(`linking the login failed: ${linkError.message}`);
    const again = await advertiserById(admin, advertiser.id);
    if (!again.user_id) throw new Error('the advertiser could not be linked to a login');
    return again;
  }
  return row;
}

/** The address the linked login signs in with (an admin may have changed the contact e-mail since). */
async function loginEmail(admin: SupabaseClient, advertiser: AdvertiserLoginRow): Promise<string> {
  const { data, error } = await admin.auth.admin.getUserById(advertiser.user_id!);
  if (error) throw error;
  return (data.user.email ?? advertiser.email).trim().toLowerCase();
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  const verifier = jwtVerifier(deps.env, { fetch: deps.fetch });
  return postHandler(async (req) => {
    const admin = serviceClient(deps.env, { fetch: deps.fetch });
    await requireAdmin(deps.env, req, ADMINS_ONLY, verifier, deps.fetch);
    const { advertiserId, redirectTo } = await parseBody(req, bodySchema);

    const found = await advertiserById(admin, advertiserId);
    if (!found.user_id && !found.email?.trim()) throw new HttpError(400, NO_EMAIL);
    const advertiser = await ensureAdvertiserLogin(admin, found);
    // A login made just now has the contact e-mail; one linked before signs in with its own.
    const sentTo = found.user_id ? await loginEmail(admin, advertiser) : found.email.trim().toLowerCase();

    const target = redirectTarget(req, redirectTo, deps.siteUrl);
    const { error } = await anonClient(deps.env, { fetch: deps.fetch }).auth.signInWithOtp({
      email: sentTo,
      options: { shouldCreateUser: false, ...(target ? { emailRedirectTo: target } : {}) },
    });
    if (error?.status === 429) throw new HttpError(429, TOO_SOON);
    if (error) throw error;
    return json({ advertiser, sentTo });
  });
}
