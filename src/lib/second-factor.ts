// Two-factor sign-in as Supabase Auth reports it: a session's assurance level is the `aal`
// claim of its access token (aal2 once a code from an authenticator app was verified), and
// a user who has a verified factor should reach aal2. This is what
// supabase.auth.mfa.getAuthenticatorAssuranceLevel() computes, done synchronously from the
// session so route guards can decide without waiting. The database enforces it for the team
// (public.team_role(): a member with a factor, or every member when the network requires
// two-factor sign-in, counts only at aal2); the app only decides which screen to show.
import { message, translate } from '@/i18n';
import type { Factor, Session, User } from '@supabase/supabase-js';
import { z } from 'zod';

/** The claims of an access token, unverified (for deciding which screen to show, never for access). */
export function tokenClaims(accessToken: string): Record<string, unknown> {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const value: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The `aal` claim of an access token, or 'aal1' when it has none or cannot be read. */
export function tokenAal(accessToken: string): string {
  const aal = tokenClaims(accessToken).aal;
  return typeof aal === 'string' ? aal : 'aal1';
}

/** The user's verified authenticator-app factor, if any (the one the app asks a code of). */
export function verifiedTotpFactor(user: User | null | undefined): Factor | undefined {
  return user?.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified');
}

/** True when the session belongs to someone with a verified factor who has not entered a code yet. */
export function needsSecondFactor(session: Session | null | undefined): boolean {
  if (!session) return false;
  return !!verifiedTotpFactor(session.user) && tokenAal(session.access_token) !== 'aal2';
}

/** A code as an authenticator app shows it: six digits. */
export const secondFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, message('errors:secondFactor.codeFormat')),
});

export type SecondFactorCode = z.infer<typeof secondFactorCodeSchema>;

/** What a wrong code is told, in the current language. */
export const wrongCodeMessage = () => translate('errors:secondFactor.wrongCode');

/** A message for the errors a person can fix (a wrong code, too many tries); Auth's own words otherwise. */
export function codeErrorMessage(error: { code?: string; message?: string }): string {
  if (error.code === 'mfa_verification_failed') return wrongCodeMessage();
  if (error.code === 'over_request_rate_limit') return translate('errors:secondFactor.tooMany');
  return error.message || translate('errors:secondFactor.notChecked');
}

/**
 * True when a team member must set up two-factor sign-in before the back office works for
 * them: their session has not verified a code (aal1), they have no verified factor to ask a
 * code of, and the database does not count them as a team member (`teamStands` is
 * public.team_can('read') for their session: false when the network requires two-factor
 * sign-in). A member with a factor is asked for the code instead (needsSecondFactor).
 */
export function needsEnrolment(session: Session | null | undefined, teamStands: boolean | undefined): boolean {
  if (!session || teamStands !== false) return false;
  return !verifiedTotpFactor(session.user) && tokenAal(session.access_token) !== 'aal2';
}
