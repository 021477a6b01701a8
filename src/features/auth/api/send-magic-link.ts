import { useMutation } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';

export const magicLinkInputSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
});

export type MagicLinkInput = z.infer<typeof magicLinkInputSchema>;

/** Where the link in the e-mail leads back to: this app's callback page. */
export const magicLinkRedirect = () => `${window.location.origin}${paths.auth.callback.getHref()}`;

/**
 * Asks the send-magic-link function to e-mail a sign-in link
 * (POST /functions/v1/send-magic-link with {email, redirectTo}).
 */
export async function sendMagicLink({ email }: MagicLinkInput): Promise<void> {
  let result: { data: { ok?: boolean } | null; error: unknown };
  try {
    result = await supabase.functions.invoke<{ ok?: boolean }>('send-magic-link', {
      body: { email, redirectTo: magicLinkRedirect() },
    });
  } catch (error) {
    throw new Error((error instanceof Error && error.message) || 'Failed to send magic link', { cause: error });
  }
  const { data, error } = result;
  if (error instanceof FunctionsHttpError) {
    // The function answered, but not with success: its body is for the logs only.
    const response = error.context as Response;
    console.error('send-magic-link failed', response.status, await response.text().catch(() => ''));
    throw new Error('Failed to send magic link email', { cause: error });
  }
  if (error) {
    throw new Error((error instanceof Error && error.message) || 'Failed to send magic link', { cause: error });
  }
  if (!data?.ok) throw new Error('Failed to send magic link email');
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
