import { useMutation } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

export interface SetupPasswordInput {
  email: string;
  password: string;
}

function errorField(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) {
    return body.error;
  }
  return null;
}

/**
 * Sets the first password of an account through the setup-password function
 * (POST /functions/v1/setup-password with {email, password}). supabase-js sends the
 * signed-in session's token, which the function requires for that e-mail.
 */
export async function setupPassword({ email, password }: SetupPasswordInput): Promise<void> {
  const result: { data: unknown; error: unknown } = await supabase.functions.invoke<unknown>('setup-password', {
    body: { email, password },
  });
  const { data, error } = result;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorField(body) ?? 'Failed to set password', { cause: error });
  }
  if (error) throw new Error('Failed to set password', { cause: error });
  const message = errorField(data);
  if (message) throw new Error(message);
}

export function useSetupPassword() {
  return useMutation({ mutationFn: setupPassword });
}
