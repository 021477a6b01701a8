// The timer of the slide on screen. Each slide's deadline follows from the previous deadline,
// not from when a timer fired, so the schedule does not drift; a switch that came late (it
// waited for a picture) starts a new schedule from the switch. Paused, the clock keeps what
// was left of the slide instead. Times are performance.now() milliseconds.

/** A switch later than this (waiting for a picture) starts a new schedule from the switch. */
export const LATE_MS = 1000;

export interface SlideClock {
  /** When the slide on screen ends, while playing; null before its timer first runs. */
  deadline: number | null;
  /** What was left of it when paused; null while playing. */
  remaining: number | null;
}

export const NEW_CLOCK: SlideClock = { deadline: null, remaining: null };

/** A slide of `ms` came up at `at`: its whole time runs from now, or waits while paused. */
export function startSlide(clock: SlideClock, ms: number, paused: boolean, at: number): SlideClock {
  return paused ? { ...clock, remaining: ms } : { ...clock, deadline: at + ms };
}

/**
 * The slide on screen now lasts `change` ms longer (or shorter): its time still counts from
 * when it came up (never below nothing while paused; a clock not started yet starts now for `ms`).
 */
export function stretchSlide(clock: SlideClock, change: number, ms: number, paused: boolean, at: number): SlideClock {
  if (paused) return { ...clock, remaining: Math.max(0, (clock.remaining ?? 0) + change) };
  if (clock.deadline !== null) return { ...clock, deadline: clock.deadline + change };
  return { ...clock, deadline: at + ms };
}

/** Paused at `at`: what is left of the slide is kept. */
export function pauseClock(clock: SlideClock, at: number): SlideClock {
  return { ...clock, remaining: Math.max(0, (clock.deadline ?? at) - at) };
}

/** Played again at `at`: the slide runs for what was left of it (or all its `ms`). */
export function resumeClock(clock: SlideClock, ms: number, at: number): SlideClock {
  return { deadline: at + (clock.remaining ?? ms), remaining: null };
}

/** The timer of a slide of `ms` starts: its deadline, set now if it has none yet. */
export function armClock(clock: SlideClock, ms: number, at: number): SlideClock & { deadline: number } {
  return { ...clock, deadline: clock.deadline ?? at + ms };
}

/** The next slide, of `ms`, came up at `at`: on schedule from the last deadline, or from now when late. */
export function scheduleNext(clock: SlideClock, ms: number, at: number): SlideClock {
  const planned = clock.deadline ?? at;
  const start = at - planned > LATE_MS ? at : planned;
  return { ...clock, deadline: start + ms };
}

/** The slide on screen ends now (its video failed). */
export const endSlideNow = (clock: SlideClock, at: number): SlideClock => ({ ...clock, deadline: at });
