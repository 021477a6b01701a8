import { useMutation } from '@tanstack/react-query';
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

/** Sets the session from the link's tokens (setSession), then the new password (PUT /auth/v1/user). */
export async function resetPassword({ accessToken, refreshToken, password }: ResetPasswordInput): Promise<void> {
  if (!accessToken || !refreshToken) throw new Error('Missing reset tokens');
  const session = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  if (session.error) throw new Error(session.error.message || 'Failed to reset password. Please try again.');
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw new Error(error.message || 'Failed to reset password. Please try again.');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
