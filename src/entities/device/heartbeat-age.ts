// How long ago a heartbeat was, in the short form the equipment cards use, in the current language.
import { translate } from '@/i18n';

type When = string | number | Date | null | undefined;

/** Whole minutes since `value` (never negative), or null without a time. */
export function minutesSince(value: When, now: Date = new Date()): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return null;
  return Math.max(0, Math.floor((now.getTime() - time) / 60_000));
}

/** '5 min', '3 h', '4 d' (at least one minute). */
export function shortSpan(minutes: number): string {
  if (minutes < 60) return translate('equipment:heartbeat.span.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return translate('equipment:heartbeat.span.hours', { count: hours });
  return translate('equipment:heartbeat.span.days', { count: Math.floor(hours / 24) });
}

/** 'Just now' under a minute, then '2 min ago', '3 h ago', '4 d ago'; 'Never' without a heartbeat. */
export function heartbeatAge(value: When, now: Date = new Date()): string {
  const minutes = minutesSince(value, now);
  if (minutes === null) return translate('equipment:heartbeat.never');
  if (minutes < 1) return translate('equipment:heartbeat.justNow');
  return translate('equipment:heartbeat.ago', { span: shortSpan(minutes) });
}

/** As heartbeatAge, inside a sentence: 'just now', '2 min ago'. */
export function heartbeatAgeInline(value: When, now: Date = new Date()): string {
  const minutes = minutesSince(value, now);
  if (minutes !== null && minutes < 1) return translate('equipment:heartbeat.justNowInline');
  return heartbeatAge(value, now);
}

/** 'No heartbeat for 5 min' (at least the 3 minutes after which a device counts as offline). */
export function silenceText(value: When, now: Date = new Date()): string {
  const minutes = Math.max(3, minutesSince(value, now) ?? 3);
  return translate('equipment:heartbeat.silence', { span: shortSpan(minutes) });
}
