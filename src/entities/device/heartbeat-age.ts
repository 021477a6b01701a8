// How long ago a heartbeat was, in the short form the equipment cards use.

type When = string | number | Date | null | undefined;

function minutesSince(value: When, now: Date): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  return Math.max(0, Math.floor((now.getTime() - time) / 60_000));
}

function shortSpan(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** 'Just now' under a minute, then '2 min ago', '3 h ago', '4 d ago'; 'Never' without a heartbeat. */
export function heartbeatAge(value: When, now: Date = new Date()): string {
  const minutes = minutesSince(value, now);
  if (minutes === null) return 'Never';
  if (minutes < 1) return 'Just now';
  return `${shortSpan(minutes)} ago`;
}

/** 'No heartbeat for 5 min' (at least the 3 minutes after which a device counts as offline). */
export function silenceText(value: When, now: Date = new Date()): string {
  const minutes = Math.max(3, minutesSince(value, now) ?? 3);
  return `No heartbeat for ${shortSpan(minutes)}`;
}
