// The database's refusals about screens (pair_screen, revoke_screen, merge_devices, the bulk
// screen functions, issue_screen_commands and the loop bookings' PT409) in the current
// language. Our own SQL's messages are read from the catalogue; anything else shows as the
// server wrote it.
import { currentLocale, intlLocale, translate, type MessageKey } from '@/i18n';
import { serverMessage } from '@/lib/write-errors';

/** Messages our SQL raises word for word, with their catalogue key. */
const EXACT: Record<string, MessageKey> = {
  'Only admins and operators can pair screens.': 'equipment:server.notAllowedPair',
  'A screen name is required (at most 100 characters).': 'equipment:server.nameRequired',
  'The orientation must be landscape or portrait.': 'equipment:server.orientation',
  'This venue does not exist.': 'equipment:server.venueMissing',
  'This pairing code is not valid or has expired.': 'equipment:server.codeInvalid',
  'This screen does not exist.': 'equipment:server.screenMissing',
  'Only admins and operators can unpair screens.': 'equipment:server.notAllowedRevoke',
  'Only admins and operators can merge devices.': 'equipment:server.notAllowedMerge',
  'A device cannot be merged into itself.': 'equipment:server.mergeSelf',
  'The device to merge does not exist.': 'equipment:server.mergeFromMissing',
  'The device to merge into does not exist.': 'equipment:server.mergeIntoMissing',
  'Only devices of the same venue can be merged.': 'equipment:server.mergeSameVenue',
  'Choose the venue to move the screens to.': 'equipment:server.moveVenue',
  'A screen is landscape or portrait.': 'equipment:server.bulkOrientation',
  'Only admins and operators can send commands to screens.': 'equipment:server.notAllowedCommands',
  'Choose at least one screen.': 'equipment:server.noScreens',
};

function detailOf(cause: unknown): Record<string, unknown> | null {
  const details = cause && typeof cause === 'object' && 'details' in cause ? cause.details : null;
  if (typeof details !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** 'Sat, 05 Dec 2026' as the current language writes it, from the PT409 details' day. */
function bookedDay(day: unknown, fallback: string): string {
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return fallback;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(intlLocale(), {
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
}

/** Messages with names or figures in them. */
const PATTERNS: readonly [RegExp, (match: RegExpMatchArray, cause: unknown) => string][] = [
  [
    /^"(.*)" is a paired screen: revoke it before merging it into another device\.$/s,
    (m) => translate('equipment:server.mergePaired', { name: m[1] }),
  ],
  [
    /^Unknown command (.*): choose reload, resync, identify or screenshot\.$/s,
    (m) => translate('equipment:server.unknownCommand', { command: m[1] }),
  ],
  [/^Screen (\S+) does not exist\.$/, (m) => translate('equipment:server.screenIdMissing', { id: m[1] })],
  [
    /^(.*) at (.*) would be overbooked on (.*) from (\d{2}:\d{2}): (\d+) s of its (\d+) s loop booked\.$/s,
    (m, cause) =>
      translate('equipment:server.overbooked', {
        screen: m[1],
        venue: m[2],
        day: bookedDay(detailOf(cause)?.day, m[3] ?? ''),
        time: m[4],
        booked: m[5],
        loop: m[6],
      }),
  ],
];

/**
 * What the server said about a screen, in the current language: our SQL's messages from the
 * catalogue (English is the server's own text), anything else as it came; '' when it said nothing.
 */
export function deviceServerMessage(cause: unknown): string {
  const text = serverMessage(cause);
  if (!text || currentLocale() === 'en') return text;
  const key = EXACT[text];
  if (key) return translate(key);
  for (const [pattern, render] of PATTERNS) {
    const match = text.match(pattern);
    if (match) return render(match, cause);
  }
  return text;
}

/** The Error a failed write about screens throws: the server's words in the current language, or `fallback`. */
export function deviceFailure(fallback: string, cause: unknown): Error {
  return new Error(deviceServerMessage(cause) || fallback, { cause });
}
