// A venue's time zone (customers.time_zone): campaign dates are calendar days there.
// The database checks the name against pg_timezone_names; the form checks it here first.

/** What customers.time_zone defaults to. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** True when `name` is an IANA time zone this browser knows ('America/New_York', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!name.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones the customer form offers: the United States' first, then the main zones of
 * the rest of the world. A short list keeps the select quick to use; a venue stored with
 * another valid zone keeps it (it is added to the list).
 */
export const COMMON_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/Halifax',
  'America/Toronto',
  'America/Vancouver',
  'America/Mexico_City',
  'America/Bogota',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'UTC',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Athens',
  'Europe/Istanbul',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Africa/Cairo',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Australia/Perth',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

/** The options of the time zone field, with `current` kept when it is not a common one. */
export function timeZoneOptions(current?: string): { value: string; label: string }[] {
  const names: string[] = [...COMMON_TIME_ZONES];
  if (current && !names.includes(current)) names.unshift(current);
  return names.map((name) => ({ value: name, label: name.replaceAll('_', ' ') }));
}
