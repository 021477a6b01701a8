// The Error a failed write throws, in the product's wording. Both take the product's text
// first and the server's error second.
import { localizeServerMessage } from './server-messages';

/** The server's message of a failed request as it wrote it, or '' when it has none. */
export function serverMessage(cause: unknown): string {
  return cause && typeof cause === 'object' && 'message' in cause && typeof cause.message === 'string'
    ? cause.message
    : '';
}

/** 'Failed to add customer: <what the server said>', or just the text when it said nothing. */
export function failureWithDetail(text: string, cause: unknown): Error {
  const detail = localizeServerMessage(serverMessage(cause));
  return new Error(detail ? `${text}: ${detail}` : text, { cause });
}

/** What the server said, or `fallback` when it said nothing. */
export function failureOr(fallback: string, cause: unknown): Error {
  return new Error(localizeServerMessage(serverMessage(cause)) || fallback, { cause });
}
