// When a campaign plays: the rule of public.campaign_plays_at() in SQL, for screens that must
// follow it on their own (offline, to the second) and for the pages that explain it.
//   - status active or scheduled (paused and completed never play);
//   - the venue's calendar day of the moment within the dates (inclusive, open ends);
//   - the venue's local time within one of the windows, or no windows (all day).
// A window has days of the week (1 Monday … 7 Sunday) and a start and end time ('HH:MM');
// an end at or before the start runs over midnight: from the start to midnight on its days,
// then from midnight to the end on the days after. Local time comes from the IANA zone (so
// daylight-saving changes are the zone's), never from the browser's own zone.
import { currentLocale, intlLocale, translate } from '@/i18n';
import type campaignsCatalogue from '@/i18n/locales/en/campaigns.json';
import type { IsoWeekday, ScheduleWindow } from '@/types/database-json';
import { calendarDate, type CalendarDate } from './campaign-dates';

export interface Schedulable {
  status: string;
  start_date: string | null;
  end_date: string | null;
  windows: readonly ScheduleWindow[];
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** A day of the week's name in the language the screens speak now: 'Mon' / 'Monday', 'Mo.' / 'Montag'. */
export function weekdayName(day: IsoWeekday, width: 'short' | 'long'): string {
  const key = `${currentLocale()}|${width}`;
  let format = weekdayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(), { weekday: width, timeZone: 'UTC' });
    weekdayFormats.set(key, format);
  }
  // 2026-01-05 was a Monday.
  return format.format(new Date(Date.UTC(2026, 0, 4 + day, 12)));
}

/** The days of the week, Monday first, with their names in the current language (read when used). */
export const WEEKDAYS: readonly { day: IsoWeekday; readonly short: string; readonly long: string }[] = (
  [1, 2, 3, 4, 5, 6, 7] as const
).map((day) => ({
  day,
  get short() {
    return weekdayName(day, 'short');
  },
  get long() {
    return weekdayName(day, 'long');
  },
}));

export const PLAYING_STATUSES: readonly string[] = ['active', 'scheduled'];

export interface LocalTime {
  /** yyyy-mm-dd in the zone. */
  date: CalendarDate;
  weekday: IsoWeekday;
  /** Minutes since local midnight (0 … 1439). */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAY_OF: Record<string, IsoWeekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The venue's local date, weekday and minute of `at` in `timeZone`. */
export function localTime(timeZone: string, at: Date): LocalTime {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(at)) p[part.type] = part.value;
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    weekday: WEEKDAY_OF[p.weekday!] ?? 1,
    minutes: Number(p.hour) * 60 + Number(p.minute),
  };
}

/** 'HH:MM' as minutes since midnight ('24:00' is 1440); NaN when it is not a time. */
export function toMinutes(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return Number.NaN;
  return h * 60 + min;
}

const previousDay = (d: IsoWeekday): IsoWeekday => (d === 1 ? 7 : ((d - 1) as IsoWeekday));

/** True when the local time is in one of the windows; no windows: always. */
export function windowsCover(
  windows: readonly ScheduleWindow[],
  local: Pick<LocalTime, 'weekday' | 'minutes'>,
): boolean {
  if (windows.length === 0) return true;
  return windows.some((w) => {
    const start = toMinutes(w.start);
    const end = toMinutes(w.end);
    if (start < end) return w.days.includes(local.weekday) && local.minutes >= start && local.minutes < end;
    return (
      (w.days.includes(local.weekday) && local.minutes >= start) ||
      (w.days.includes(previousDay(local.weekday)) && local.minutes < end)
    );
  });
}

/** Whether a campaign plays at `at` in its venue's `timeZone` (public.campaign_plays_at). */
export function playsAt(campaign: Schedulable, timeZone: string, at: Date): boolean {
  if (!PLAYING_STATUSES.includes(campaign.status)) return false;
  const local = localTime(timeZone, at);
  const start = calendarDate(campaign.start_date);
  const end = calendarDate(campaign.end_date);
  if (start && start > local.date) return false;
  if (end && end < local.date) return false;
  return windowsCover(campaign.windows, local);
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/** The instant whose local time in `timeZone` is `date` at `minutes` (the first such, around daylight-saving changes). */
export function instantOf(timeZone: string, date: CalendarDate, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * MINUTE;
  // The zone's offset at a guess, applied twice: exact except inside a skipped hour.
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const l = localTime(timeZone, new Date(t));
    const [ly, lm, ld] = l.date.split('-').map(Number) as [number, number, number];
    const localWall = Date.UTC(ly, lm - 1, ld) + l.minutes * MINUTE;
    t += wall - localWall;
  }
  return new Date(t);
}

/**
 * The next moment after `from` (within `horizonDays`) when the campaign starts playing; null
 * when it will not within that time. Candidates are each day's midnight and window starts.
 */
export function nextStart(campaign: Schedulable, timeZone: string, from: Date, horizonDays = 8): Date | null {
  if (!PLAYING_STATUSES.includes(campaign.status)) return null;
  const today = localTime(timeZone, from).date;
  const starts = [0, ...campaign.windows.map((w) => toMinutes(w.start))];
  const candidates: number[] = [];
  for (let i = 0; i <= horizonDays; i++) {
    const date = new Date(Date.parse(`${today}T12:00:00Z`) + i * DAY).toISOString().slice(0, 10);
    for (const minutes of starts) candidates.push(instantOf(timeZone, date, minutes).getTime());
  }
  const next = candidates
    .filter((t) => t > from.getTime())
    .sort((a, b) => a - b)
    .find((t) => playsAt(campaign, timeZone, new Date(t)));
  return next === undefined ? null : new Date(next);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight as a 24-hour clock time in the current language ('07:00'); 1440 is '24:00'. */
export function clockTime(minutes: number): string {
  if (minutes === 1440) return '24:00';
  const key = currentLocale();
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(), {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    clockFormats.set(key, format);
  }
  return format.format(new Date(Date.UTC(2026, 0, 5) + minutes * MINUTE));
}

/** A window's 'HH:MM' as the clock shows it; as written when it is not a time. */
const clock = (hhmm: string) => {
  const minutes = toMinutes(hhmm);
  return Number.isFinite(minutes) ? clockTime(minutes) : hhmm;
};

/** 'Mon–Fri', 'Sat, Sun', 'Every day', 'Mon, Wed–Fri'. */
export function describeDays(days: readonly IsoWeekday[]): string {
  const set = [...new Set(days)].sort((a, b) => a - b);
  if (set.length === 7) return translate('campaigns:schedule.everyDay');
  const runs: [number, number][] = [];
  for (const d of set) {
    const last = runs.at(-1);
    if (last && last[1] === d - 1) last[1] = d;
    else runs.push([d, d]);
  }
  const name = (d: number) => weekdayName(d as IsoWeekday, 'short');
  return runs
    .map(([a, b]) => (a === b ? name(a) : b === a + 1 ? `${name(a)}, ${name(b)}` : `${name(a)}–${name(b)}`))
    .join(', ');
}

/** 'Mon–Fri 07:00–11:00', 'Fri, Sat 22:00–02:00 (next day)'. */
export function describeWindow(w: ScheduleWindow): string {
  const over = toMinutes(w.end) <= toMinutes(w.start) && w.end !== '00:00' && w.end !== '24:00';
  return translate(over ? 'campaigns:schedule.windowNextDay' : 'campaigns:schedule.window', {
    days: describeDays(w.days),
    start: clock(w.start),
    end: clock(w.end),
  });
}

/** All the windows in words; 'All day' without any. */
export function describeWindows(windows: readonly ScheduleWindow[]): string {
  return windows.length === 0 ? translate('campaigns:schedule.allDay') : windows.map(describeWindow).join('; ');
}

export interface AirStatus {
  onAir: boolean;
  /** 'On air', 'Paused', 'Completed', 'Starts Dec 1', 'Ended Nov 20', 'Off air until Mon 07:00', 'Off air'. */
  label: string;
  /** Why, in a sentence. */
  detail: string;
}

const dayLabel = (date: CalendarDate) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(intlLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });

type AirKey = keyof (typeof campaignsCatalogue)['air'];
const t = (key: AirKey, options?: Record<string, unknown>) => translate(`campaigns:air.${key}`, options);

/** Whether a campaign is on air at `at`, and why (or why not), in the venue's time. */
export function airStatus(campaign: Schedulable, timeZone: string, at: Date): AirStatus {
  const allDay = campaign.windows.length === 0;
  const when = describeWindows(campaign.windows);
  if (campaign.status === 'paused') return { onAir: false, label: t('paused'), detail: t('pausedDetail') };
  if (campaign.status === 'completed') return { onAir: false, label: t('completed'), detail: t('completedDetail') };
  const local = localTime(timeZone, at);
  const start = calendarDate(campaign.start_date);
  const end = calendarDate(campaign.end_date);
  if (end && end < local.date)
    return { onAir: false, label: t('ended', { date: dayLabel(end) }), detail: t('endedDetail', { date: dayLabel(end) }) };
  if (start && start > local.date)
    return {
      onAir: false,
      label: t('starts', { date: dayLabel(start) }),
      detail: allDay ? t('startsAllDayDetail', { date: dayLabel(start) }) : t('startsDetail', { date: dayLabel(start), when }),
    };
  if (windowsCover(campaign.windows, local))
    return { onAir: true, label: t('onAir'), detail: allDay ? t('playsAllDay') : t('plays', { when }) };
  const next = nextStart(campaign, timeZone, at);
  if (!next) return { onAir: false, label: t('offAir'), detail: t('playsNotAgain', { when }) };
  const n = localTime(timeZone, next);
  const until =
    n.date === local.date
      ? clockTime(n.minutes)
      : t('dayAndTime', { day: weekdayName(n.weekday, 'short'), time: clockTime(n.minutes) });
  return { onAir: false, label: t('offAirUntil', { time: until }), detail: t('plays', { when }) };
}
