import userEvent from '@testing-library/user-event';

/**
 * Types `text` into `element` with no pause between the keys, as a typist's keys reach a page.
 * user-event's default waits a turn of the event loop after each key, which a busy machine can
 * stretch past a search's pause (SEARCH_DEBOUNCE_MS): tests that count the requests a typed
 * term makes type it with this.
 */
export function typeAtOnce(element: Element, text: string): Promise<void> {
  return userEvent.setup({ delay: null }).type(element, text);
}
