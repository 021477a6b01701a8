// When a campaign plays: the rule of public.campaign_plays_at() in SQL, for screens that must
// follow it on their own (offline, to the second) and for the pages that explain it.
//   - status active or scheduled (paused and completed never play);
//   - the venue's calendar day of the moment within the dates (inclusive, open ends);
//   - the venue's local time within one of the windows, or no windows (all day).
// A window has days of the week (1 Monday … 7 Sunday) and a start and end time ('HH:MM');
// an end at or before the start runs over midnight: from the start to midnight on its days,
// then from midnight to the end on the days after. Local time comes from the IANA zone (so
// daylight-saving changes are the zone's), never from the browser's own zone.
import type { IsoWeekday, ScheduleWindow } from '@/types/database-json';
import { calendarDate, type CalendarDate } from './campaign-dates';

export interface Schedulable {
  status: string;
  start_date: string | null;
  end_date: string | null;
  windows: readonly ScheduleWindow[];
}

export const WEEKDAYS: { day: IsoWeekday; short: string; long: string }[] = [
  { day: 1, short: 'Mon', long: 'Monday' },
  { day: 2, short: 'Tue', long: 'Tuesday' },
  { day: 3, short: 'Wed', long: 'Wednesday' },
  { day: 4, short: 'Thu', long: 'Thursday' },
  { day: 5, short: 'Fri', long: 'Friday' },
  { day: 6, short: 'Sat', long: 'Saturday' },
  { day: 7, short: 'Sun', long: 'Sunday' },
];

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

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** 'Mon–Fri', 'Sat, Sun', 'Every day', 'Mon, Wed–Fri'. */
export function describeDays(days: readonly IsoWeekday[]): string {
  const set = [...new Set(days)].sort((a, b) => a - b);
  if (set.length === 7) return 'Every day';
  const runs: [number, number][] = [];
  for (const d of set) {
    const last = runs.at(-1);
    if (last && last[1] === d - 1) last[1] = d;
    else runs.push([d, d]);
  }
  const name = (d: number) => WEEKDAYS[d - 1]!.short;
  return runs
    .map(([a, b]) => (a === b ? name(a) : b === a + 1 ? `${name(a)}, ${name(b)}` : `${name(a)}–${name(b)}`))
    .join(', ');
}

/** 'Mon–Fri 07:00–11:00', 'Fri, Sat 22:00–02:00 (next day)'. */
export function describeWindow(w: ScheduleWindow): string {
  const over = toMinutes(w.end) <= toMinutes(w.start);
  return `${describeDays(w.days)} ${w.start}–${w.end}${over && w.end !== '00:00' && w.end !== '24:00' ? ' (next day)' : ''}`;
}

/** All the windows in words; 'All day' without any. */
export function describeWindows(windows: readonly ScheduleWindow[]): string {
  return windows.length === 0 ? 'All day' : windows.map(describeWindow).join('; ');
}

export interface AirStatus {
  onAir: boolean;
  /** 'On air', 'Paused', 'Completed', 'Starts Dec 1', 'Ended Nov 20', 'Off air until Mon 07:00', 'Off air'. */
  label: string;
  /** Why, in a sentence. */
  detail: string;
}

const dayLabel = (date: CalendarDate) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Whether a campaign is on air at `at`, and why (or why not), in the venue's time. */
export function airStatus(campaign: Schedulable, timeZone: string, at: Date): AirStatus {
  const when = describeWindows(campaign.windows);
  if (campaign.status === 'paused') return { onAir: false, label: 'Paused', detail: 'Paused campaigns never play.' };
  if (campaign.status === 'completed')
    return { onAir: false, label: 'Completed', detail: 'Completed campaigns no longer play.' };
  const local = localTime(timeZone, at);
  const start = calendarDate(campaign.start_date);
  const end = calendarDate(campaign.end_date);
  if (end && end < local.date)
    return { onAir: false, label: `Ended ${dayLabel(end)}`, detail: `Its last day was ${dayLabel(end)}.` };
  if (start && start > local.date)
    return {
      onAir: false,
      label: `Starts ${dayLabel(start)}`,
      detail: `It starts on ${dayLabel(start)} (${when.toLowerCase() === 'all day' ? 'all day' : when}).`,
    };
  if (windowsCover(campaign.windows, local))
    return { onAir: true, label: 'On air', detail: campaign.windows.length ? `Plays ${when}.` : 'Plays all day.' };
  const next = nextStart(campaign, timeZone, at);
  if (!next) return { onAir: false, label: 'Off air', detail: `Plays ${when}; not again before its end.` };
  const n = localTime(timeZone, next);
  const nextText = n.date === local.date ? hhmm(n.minutes) : `${WEEKDAYS[n.weekday - 1]!.short} ${hhmm(n.minutes)}`;
  return { onAir: false, label: `Off air until ${nextText}`, detail: `Plays ${when}.` };
}
