// The messages our own server code raises about advertisers, their statements, reports and
// portal invitations, in the language the screens speak now. Anything else falls back to the
// server's own text.
import { translate, type MessageKey } from '@/i18n';
import { serverMessage } from '@/lib/write-errors';

/**
 * The server texts we raise ourselves (Postgres `raise exception` in our migrations, the
 * invite-advertiser function's refusals), each with its catalogue key. The English catalogue
 * holds the same words, so English reads exactly as the server wrote it.
 */
const KNOWN = new Map<string, MessageKey>([
  [
    "Total spent is the sum of the advertiser's closed months' statements: it cannot be typed.",
    'advertisers:serverErrors.totalSpentTyped',
  ],
  ['Only an admin can link an advertiser to a login.', 'advertisers:serverErrors.linkAdminsOnly'],
  ["Only an advertiser's login can be linked to an advertiser.", 'advertisers:serverErrors.linkAdvertiserOnly'],
  ['Name the advertiser and the month.', 'advertisers:serverErrors.statementArguments'],
  ['You can read only your own statements.', 'advertisers:serverErrors.ownStatementsOnly'],
  ['Advertiser not found.', 'advertisers:serverErrors.advertiserNotFound'],
  ["Only the team and the campaign's advertiser can read its report.", 'advertisers:serverErrors.reportNotYours'],
  ["Only the team and the campaign's advertiser can read delivery.", 'advertisers:serverErrors.deliveryNotYours'],
  ['Only the team and advertisers can read delivery.', 'advertisers:serverErrors.pacingNotYours'],
  ['An advertiser reads only its own plays.', 'advertisers:serverErrors.ownPlaysOnly'],
  ["Only admins and sales can refresh the advertisers' totals.", 'advertisers:serverErrors.refreshTotals'],
  ['Not signed in', 'advertisers:serverErrors.notSignedIn'],
  ['Only admins can invite an advertiser', 'advertisers:serverErrors.inviteAdminsOnly'],
  ['Advertiser not found', 'advertisers:serverErrors.inviteNotFound'],
  ["The advertiser has no contact e-mail: add one on the advertiser's page first", 'advertisers:serverErrors.noEmail'],
  [
    "This e-mail is an admin's sign-in; give the advertiser another contact e-mail",
    'advertisers:serverErrors.emailTakenByAdmin',
  ],
  [
    "This e-mail is a venue's sign-in; give the advertiser another contact e-mail",
    'advertisers:serverErrors.emailTakenByVenue',
  ],
  ["This e-mail is another advertiser's sign-in", 'advertisers:serverErrors.emailTakenByAdvertiser'],
  ['A sign-in link was sent to this address moments ago; try again in a minute', 'advertisers:serverErrors.tooSoon'],
]);

/** The catalogue's words for a server text we raise ourselves, or the text itself when unknown. */
export function serverText(text: string): string {
  const key = KNOWN.get(text.trim());
  return key ? translate(key) : text;
}

/** What the server said (in the current language when it is one of ours), or `fallback`. */
export function serverFailure(fallback: string, cause: unknown): Error {
  const text = serverMessage(cause);
  return new Error(text ? serverText(text) : fallback, { cause });
}

/**
 * A read's error with its message in the current language when our own SQL raised it; the
 * original error (its code, details) stays as the cause, and other errors pass unchanged.
 */
export function localizedReadError(error: unknown): unknown {
  const text = serverMessage(error);
  if (!text) return error;
  const localized = serverText(text);
  if (localized === text) return error;
  return Object.assign(new Error(localized, { cause: error }), {
    code: (error as { code?: unknown }).code,
  });
}

/** Runs a read and rethrows its failure with `localizedReadError`. */
export async function withLocalizedErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw localizedReadError(error);
  }
}
