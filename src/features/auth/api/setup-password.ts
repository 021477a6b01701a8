import { useMutation } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/functions';

export interface SetupPasswordInput {
  email: string;
  password: string;
}

/**
 * Sets the first password of an account through the setup-password function
 * (POST /functions/v1/setup-password with {email, password}). supabase-js sends the
 * signed-in session's token, which the function requires for that e-mail.
 */
export async function setupPassword({ email, password }: SetupPasswordInput): Promise<void> {
  await invokeFunction('setup-password', { email, password }, 'Failed to set password');
}

export function useSetupPassword() {
  return useMutation({ mutationFn: setupPassword });
}
