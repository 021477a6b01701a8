import type { Session } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { translate } from '@/i18n';
import { userRoleQueryOptions, type Role } from '@/lib/auth';
import { needsSecondFactor, tokenClaims } from '@/lib/second-factor';
import { supabase } from '@/lib/supabase';
import { authErrorMessage } from '../lib/auth-errors';
import { emailSchema } from './sign-in';

export interface ResetTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** The tokens of a reset link: from the query string, else from the URL fragment. */
export function readResetTokens(search: string, hash: string): ResetTokens {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    accessToken: query.get('access_token') || fragment.get('access_token') || null,
    refreshToken: query.get('refresh_token') || fragment.get('refresh_token') || null,
  };
}

export interface ResetPasswordInput extends ResetTokens {
  password: string;
}

/**
 * Thrown when the account has two-factor sign-in: Auth sets a new password only in a
 * session that entered the authenticator app's code (aal2), and a reset link gives aal1.
 */
export class SecondFactorRequiredError extends Error {
  constructor() {
    super(translate('auth:reset.needsCode'));
    this.name = 'SecondFactorRequiredError';
  }
}

/**
 * The session to set the password in: the one this browser already holds for the link's
 * account (after its code was entered it is aal2), else the link's own (setSession).
 */
async function linkSession(accessToken: string, refreshToken: string): Promise<Session> {
  const { data: current } = await supabase.auth.getSession();
  if (current.session && current.session.user.id === tokenClaims(accessToken).sub) return current.session;
  const { data, error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  if (error || !data.session) throw new Error(authErrorMessage(error, 'auth:reset.failed'), { cause: error });
  return data.session;
}

/**
 * Sets the new password (PUT /auth/v1/user) in the link's session. An account with
 * two-factor sign-in is asked for its code first (SecondFactorRequiredError): its session
 * must be aal2, as Auth requires. Resolves with the account's role, so an admin is sent
 * back to the admin sign-in.
 */
export async function resetPassword(
  { accessToken, refreshToken, password }: ResetPasswordInput,
  readRole: (userId: string) => Promise<Role>,
): Promise<Role> {
  if (!accessToken || !refreshToken) throw new Error(translate('auth:reset.missingTokens'));
  const session = await linkSession(accessToken, refreshToken);
  if (needsSecondFactor(session)) throw new SecondFactorRequiredError();
  const { data, error } = await supabase.auth.updateUser({ password });
  if (error?.code === 'insufficient_aal') throw new SecondFactorRequiredError();
  if (error) throw new Error(authErrorMessage(error, 'auth:reset.failed'), { cause: error });
  return readRole(data.user.id).catch((): Role => 'customer');
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      resetPassword(input, (userId) => queryClient.fetchQuery(userRoleQueryOptions(userId))),
  });
}

export const forgotPasswordInputSchema = z.object({
  email: emailSchema,
});

/**
 * E-mails a link to set a new password (POST /auth/v1/recover), leading to the reset page.
 * Auth answers the same whether or not the address has an account.
 */
export async function requestPasswordReset({ email }: z.infer<typeof forgotPasswordInputSchema>): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.auth.resetPassword.getHref()}`,
  });
  if (error) throw new Error(authErrorMessage(error, 'auth:forgot.failed'), { cause: error });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
