// The soak's script (scripts/soak-wall.ts): what happens to the walls over the soak's days,
// as a list of events at virtual times, the same for the same days and seed. Pure: the
// driver plays it.
import { seededRandom } from '../seeded-random.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface WallPlan {
  name: string;
  zone: string;
}

/** The walls of a soak: one venue on each side of the Atlantic, each with its own daylight-saving change. */
export const WALLS: WallPlan[] = [
  { name: 'New York', zone: 'America/New_York' },
  { name: 'Berlin', zone: 'Europe/Berlin' },
];

/**
 * Where a soak starts: a month from 8 March 2027 holds New York's change to summer time
 * (14 March) and Berlin's (28 March). A shorter soak starts the day before New York's.
 */
export function soakStart(days: number): number {
  return days >= 21 ? Date.UTC(2027, 2, 8, 12) : Date.UTC(2027, 2, 13, 15);
}

/** Dayparts of the soak's campaigns (days 1 = Monday … 7 = Sunday, times at the venue). */
export const BREAKFAST = { days: [1, 2, 3, 4, 5], start: '07:00', end: '10:00' };
export const LATE_NIGHT = { days: [1, 2, 3, 4, 5, 6, 7], start: '22:00', end: '02:30' };

export type Event =
  | { at: number; kind: 'check'; wall: number; reason: string }
  | { at: number; kind: 'drop'; wall: number; ms: number }
  | { at: number; kind: 'offline'; wall: number; ms: number }
  | { at: number; kind: 'no-realtime'; wall: number; ms: number }
  | { at: number; kind: 'restart'; ms: number }
  | { at: number; kind: 'relaunch'; wall: number; offline: boolean; ms: number }
  | { at: number; kind: 'change'; wall: number }
  | { at: number; kind: 'media'; wall: number };

export interface MonthOptions {
  days: number;
  start?: number;
  seed?: number;
  walls?: WallPlan[];
}

export interface Month {
  start: number;
  end: number;
  walls: WallPlan[];
  events: Event[];
  /** What a 30-day soak goes through (drops per wall), scaled to the soak's days. */
  counts: { drops: number; restarts: number; changes: number; relaunches: number; offlineMs: number };
}

/** The local wall-clock parts of `ms` in `zone`. */
export function localParts(zone: string, ms: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1,
  };
}

/** The UTC offset of `zone` at `ms`, in ms (local minus UTC). */
export function offsetAt(zone: string, ms: number): number {
  const p = localParts(zone, ms);
  const [y, m, d] = p.date.split('-').map(Number);
  const local = Date.UTC(y!, m! - 1, d!, p.hour, p.minute, new Date(ms).getUTCSeconds());
  return local - Math.floor(ms / 1000) * 1000;
}

/** The first instant at or after which `zone`'s clock reads `hh:mm` on the local day of `dayMs`. */
export function localInstant(zone: string, date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh, mm);
  // Try the offsets around that wall time; a time skipped by a change to summer time is
  // reached at the change itself.
  const candidates = [wall - offsetAt(zone, wall - DAY / 2), wall - offsetAt(zone, wall + DAY / 2)];
  const exact = candidates.filter((c) => {
    const p = localParts(zone, c);
    return p.date === date && p.hour === hh && p.minute === mm;
  });
  if (exact.length) return Math.min(...exact);
  return Math.min(...candidates.map((c) => transitionNear(zone, c) ?? c));
}

/** The daylight-saving change of `zone` within a day of `ms`, if any (to the minute). */
function transitionNear(zone: string, ms: number): number | null {
  let lo = ms - DAY;
  let hi = ms + DAY;
  if (offsetAt(zone, lo) === offsetAt(zone, hi)) return null;
  while (hi - lo > MINUTE) {
    const mid = Math.floor((lo + hi) / 2 / MINUTE) * MINUTE;
    if (offsetAt(zone, mid) === offsetAt(zone, lo)) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The daylight-saving changes of `zone` between `from` and `to`. */
export function transitions(zone: string, from: number, to: number): number[] {
  const found: number[] = [];
  for (let t = from; t < to; t += HOUR) {
    if (offsetAt(zone, t) !== offsetAt(zone, t + HOUR)) {
      let lo = t;
      let hi = t + HOUR;
      while (hi - lo > MINUTE) {
        const mid = Math.floor((lo + hi) / 2 / MINUTE) * MINUTE;
        if (offsetAt(zone, mid) === offsetAt(zone, lo)) lo = mid;
        else hi = mid;
      }
      found.push(hi);
    }
  }
  return found;
}

/** The local dates `zone` passes through from `from` to `to`. */
export function localDates(zone: string, from: number, to: number): string[] {
  const dates: string[] = [];
  for (let t = from; t <= to + DAY; t += 6 * HOUR) {
    const d = localParts(zone, Math.min(t, to)).date;
    if (dates[dates.length - 1] !== d) dates.push(d);
  }
  return dates;
}

/** The month: every midnight, daylight-saving change and daypart edge checked, and what happens to the walls. */
export function month({ days, start = soakStart(days), seed = 33, walls = WALLS }: MonthOptions): Month {
  const end = start + days * DAY;
  const rnd = seededRandom(seed);
  const scale = days / 30;
  const counts = {
    drops: Math.max(1, Math.round(200 * scale)),
    restarts: Math.max(1, Math.round(10 * scale)),
    changes: Math.max(10, Math.round(5000 * scale)),
    relaunches: days >= 14 ? 3 : 1,
    // A week offline in a month; a shorter soak is offline for a quarter of its time.
    offlineMs: days >= 14 ? 7 * DAY : Math.round((days * DAY) / 4),
  };
  const events: Event[] = [];
  const inside = (at: number) => at > start + 10 * MINUTE && at < end - 2 * HOUR;
  // Busy stretches: an outage of a wall, a restart of the stack. They do not overlap one another on a wall.
  const busy: { wall: number | null; from: number; to: number }[] = [];
  const free = (wall: number | null, from: number, to: number) =>
    inside(from) &&
    inside(to) &&
    busy.every(
      (b) =>
        to + 5 * MINUTE < b.from || from > b.to + 5 * MINUTE || (wall !== null && b.wall !== null && b.wall !== wall),
    );
  const place = (wall: number | null, ms: number, tries = 200): number | null => {
    for (let i = 0; i < tries; i++) {
      const at = Math.floor((start + rnd() * (end - start)) / 1000) * 1000;
      if (free(wall, at, at + ms)) {
        busy.push({ wall, from: at, to: at + ms });
        return at;
      }
    }
    return null;
  };

  walls.forEach((wall, w) => {
    // Checks: each local midnight, each daylight-saving change, each daypart's edges.
    for (const date of localDates(wall.zone, start, end)) {
      const weekday = localParts(wall.zone, localInstant(wall.zone, date, '12:00')).weekday;
      const edges: [string, string][] = [['00:00', 'midnight']];
      if (BREAKFAST.days.includes(weekday))
        edges.push([BREAKFAST.start, 'breakfast opens'], [BREAKFAST.end, 'breakfast closes']);
      edges.push([LATE_NIGHT.start, 'late night opens'], [LATE_NIGHT.end, 'late night closes']);
      for (const [time, reason] of edges) {
        const at = localInstant(wall.zone, date, time);
        if (at > start + MINUTE && at < end - 10 * MINUTE)
          events.push({ at, kind: 'check', wall: w, reason: `${reason} ${date}` });
      }
    }
    for (const at of transitions(wall.zone, start, end)) {
      events.push({ at, kind: 'check', wall: w, reason: `daylight saving ${new Date(at).toISOString()}` });
    }
  });

  // The long offline stretch (on the first wall), then the relaunches (one with no network),
  // then the restarts, then the drops, each where nothing else happens to that wall.
  const longOffline = place(0, counts.offlineMs, 1000);
  if (longOffline !== null) events.push({ at: longOffline, kind: 'offline', wall: 0, ms: counts.offlineMs });
  for (let i = 0; i < counts.relaunches; i++) {
    const wall = i % walls.length;
    const ms = 2 * MINUTE;
    const at = place(wall, ms);
    if (at !== null) events.push({ at, kind: 'relaunch', wall, offline: i === 0, ms });
  }
  for (let i = 0; i < counts.restarts; i++) {
    const ms = Math.round((30 + rnd() * 150) * 1000);
    const at = place(null, ms);
    if (at !== null) events.push({ at, kind: 'restart', ms });
  }
  for (let i = 0; i < counts.drops * walls.length; i++) {
    const wall = i % walls.length;
    // 5 s to 2 h, as many short ones as long ones on a log scale.
    const ms = Math.round(5000 * Math.exp(rnd() * Math.log((2 * HOUR) / 5000)));
    // One drop in ten is of Realtime alone (the stack's other services answer).
    const kind = Math.floor(i / walls.length) % 10 === 9 ? 'no-realtime' : 'drop';
    const at = place(wall, Math.max(ms, 10 * MINUTE));
    if (at !== null) events.push({ at, kind, wall, ms });
  }
  for (let i = 0; i < counts.changes; i++) {
    const at = Math.floor((start + HOUR + rnd() * (end - start - 3 * HOUR)) / 1000) * 1000;
    events.push({ at, kind: 'change', wall: i % walls.length });
  }
  // New media: one file every 4 hours (enough to reach a small cache quota within days).
  for (let at = start + 2 * HOUR, i = 0; at < end - 3 * HOUR; at += 4 * HOUR, i++) {
    events.push({ at, kind: 'media', wall: i % walls.length });
  }

  events.sort((a, b) => a.at - b.at);
  return { start, end, walls, events, counts };
}
