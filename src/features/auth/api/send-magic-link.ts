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
    const response = error.context as Response;
    const body = await response.text().catch(() => '');
    // Too many links asked for this address: say how long to wait.
    if (response.status === 429)
      throw new Error(tooManyLinksMessage(retryAfterSeconds(response, body)), { cause: error });
    // The function answered, but not with success: its body is for the logs only.
    console.error('send-magic-link failed', response.status, body);
    throw new Error('Failed to send magic link email', { cause: error });
  }
  if (error) {
    throw new Error((error instanceof Error && error.message) || 'Failed to send magic link', { cause: error });
  }
  if (!data?.ok) throw new Error('Failed to send magic link email');
}

/** The wait a 429 names: its body's retry_after_seconds, else its Retry-After header; null when it names none. */
function retryAfterSeconds(response: Response, body: string): number | null {
  try {
    const parsed = JSON.parse(body) as { retry_after_seconds?: unknown };
    if (typeof parsed.retry_after_seconds === 'number' && parsed.retry_after_seconds > 0)
      return parsed.retry_after_seconds;
  } catch {
    // Not JSON: the header may still say.
  }
  const header = Number(response.headers.get('Retry-After'));
  return Number.isFinite(header) && header > 0 ? header : null;
}

/** What a venue reads when it asked for too many links: that it must wait, and how long. */
export function tooManyLinksMessage(seconds: number | null): string {
  if (seconds === null)
    return 'Too many sign-in links were asked for this address. Please wait a few minutes and try again.';
  const wait =
    seconds < 60
      ? `${seconds} seconds`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many sign-in links were asked for this address. Please wait ${wait} before asking for another, or use the code or link already sent.`;
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
