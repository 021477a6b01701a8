import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { userRoleQueryOptions, type Role } from '@/lib/auth';
import { supabase } from '@/lib/supabase';

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
 * Sets the session from the link's tokens (setSession), then the new password (PUT /auth/v1/user).
 * Resolves with the account's role, so an admin is sent back to the admin sign-in.
 */
export async function resetPassword(
  { accessToken, refreshToken, password }: ResetPasswordInput,
  readRole: (userId: string) => Promise<Role>,
): Promise<Role> {
  if (!accessToken || !refreshToken) throw new Error('Missing reset tokens');
  const session = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  if (session.error) throw new Error(session.error.message || 'Failed to reset password. Please try again.');
  const { data, error } = await supabase.auth.updateUser({ password });
  if (error) throw new Error(error.message || 'Failed to reset password. Please try again.');
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
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
});

/**
 * E-mails a link to set a new password (POST /auth/v1/recover), leading to the reset page.
 * Auth answers the same whether or not the address has an account.
 */
export async function requestPasswordReset({ email }: z.infer<typeof forgotPasswordInputSchema>): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.auth.resetPassword.getHref()}`,
  });
  if (error) throw new Error(error.message || 'Failed to send the reset link', { cause: error });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
