import { useMutation } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { emailSchema } from './sign-in';

export const magicLinkInputSchema = z.object({ email: emailSchema });

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
    throw new Error((error instanceof Error && error.message) || translate('auth:link.sendFailed'), { cause: error });
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
    throw new Error(translate('auth:link.emailFailed'), { cause: error });
  }
  if (error) {
    throw new Error((error instanceof Error && error.message) || translate('auth:link.sendFailed'), { cause: error });
  }
  if (!data?.ok) throw new Error(translate('auth:link.emailFailed'));
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
  if (seconds === null) return translate('auth:link.tooMany');
  const wait =
    seconds < 60
      ? translate('auth:link.waitSeconds', { count: seconds })
      : translate('auth:link.waitMinutes', { count: Math.ceil(seconds / 60) });
  return translate('auth:link.tooManyWait', { wait });
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
