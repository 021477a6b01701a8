// When pg_cron runs a job (src/pg_cron.c: StartAllPendingRuns, StartPendingRuns,
// ShouldRunTask), in GMT, pg_cron's default cron.timezone. The schedule comes
// parsed from the database (_local_stack.cron_parse_schedule, the port of
// pg_cron's parser in cron/pg_cron.sql), so SQL's validation and the runs agree.

/** A parsed cron entry: each field's values as offsets from its first value. */
export interface CronEntry {
  minute: number[];
  hour: number[];
  /** Days of the month, 0 = the 1st. */
  dom: number[];
  /** Months, 0 = January. */
  month: number[];
  /** Days of the week, 0 and 7 = Sunday. */
  dow: number[];
  min_star: boolean;
  hr_star: boolean;
  dom_star: boolean;
  dow_star: boolean;
  /** `$`: the last day of the month. */
  dom_last: boolean;
  /** @reboot: once when the scheduler starts. */
  reboot: boolean;
}

/** '[1-59] seconds': a run every `seconds`. */
export interface IntervalSchedule {
  seconds: number;
}

export type Schedule = CronEntry | IntervalSchedule;

export const isInterval = (s: Schedule): s is IntervalSchedule => 'seconds' in s;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The start of the minute `ms` falls in (TimestampMinuteStart). */
export const minuteStart = (ms: number): number => ms - (((ms % MINUTE) + MINUTE) % MINUTE);

/**
 * ShouldRunTask(): whether the entry matches the minute starting at `ms`.
 * `doWild` admits entries with `*` in the minute or hour field, `doNonWild` the
 * others (fixed-time jobs), as Vixie cron separates them after clock jumps.
 */
export function shouldRunTask(entry: CronEntry, ms: number, doWild = true, doNonWild = true): boolean {
  const t = new Date(ms);
  const lastDom = new Date(ms + DAY).getUTCDate() === 1;
  const thisDom = entry.dom.includes(t.getUTCDate() - 1) || (lastDom && entry.dom_last);
  const thisDow = entry.dow.includes(t.getUTCDay());
  // pg_cron's cron.use_dom_dow_and_logic is off: with a `*` in either day field both
  // must match, else either one does.
  const dayMatches = entry.dom_star || entry.dow_star ? thisDom && thisDow : thisDom || thisDow;
  if (
    !entry.minute.includes(t.getUTCMinutes()) ||
    !entry.hour.includes(t.getUTCHours()) ||
    !entry.month.includes(t.getUTCMonth()) ||
    !dayMatches
  ) {
    return false;
  }
  const wild = entry.min_star || entry.hr_star;
  return (doNonWild && !wild) || (doWild && wild);
}

/** MinutesPassed(): whole minutes from `from` to `to`, 0 when `to` is not later. */
export function minutesPassed(from: number, to: number): number {
  return to > from ? Math.floor((to - from) / 1000 / 60) : 0;
}

/**
 * How many runs of `entry` fall due when the scheduler wakes at `now` having last
 * counted up to the minute `lastMinute` (StartPendingRuns): each minute passed
 * when the clock moved on by 1-5 minutes; after a jump of 6 minutes to 3 hours,
 * the fixed-time runs of each minute and the wildcard runs once; after a bigger
 * change, the current minute only. 0 while still in the same minute.
 */
export function runsDue(entry: CronEntry, lastMinute: number, now: number): number {
  const passed = minutesPassed(lastMinute, now);
  if (passed === 0) return 0;
  const current = minuteStart(now);
  let due = 0;
  if (passed <= 5) {
    for (let t = lastMinute + MINUTE; ; t += MINUTE) {
      if (shouldRunTask(entry, t, true, true)) due++;
      if (t >= current) break;
    }
  } else if (passed <= 3 * 60) {
    for (let t = lastMinute + MINUTE; ; t += MINUTE) {
      if (shouldRunTask(entry, t, false, true)) due++;
      if (t >= current) break;
    }
    if (shouldRunTask(entry, current, true, false)) due++;
  } else if (shouldRunTask(entry, current, true, true)) {
    due++;
  }
  return due;
}

/** The next `count` minutes after `from` in which the entry runs (within a few years). */
export function nextRuns(entry: CronEntry, from: number, count: number): number[] {
  const runs: number[] = [];
  const limit = from + 5 * 366 * DAY;
  for (let t = minuteStart(from) + MINUTE; runs.length < count && t < limit; t += MINUTE) {
    if (shouldRunTask(entry, t)) runs.push(t);
  }
  return runs;
}
