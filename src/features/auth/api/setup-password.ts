import { useMutation } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { invokeFunction } from '@/lib/functions';
import { knownAuthMessage } from '../lib/auth-errors';

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
  try {
    await invokeFunction('setup-password', { email, password }, translate('auth:setup.failed'));
  } catch (error) {
    // The function's own answers in the current language; anything else as it came.
    const known = error instanceof Error ? knownAuthMessage({ message: error.message }) : null;
    throw known ? new Error(known, { cause: error }) : error;
  }
}

export function useSetupPassword() {
  return useMutation({ mutationFn: setupPassword });
}
