// The slide timer's arithmetic: no drift, a late switch starting a new schedule, pause and
// play, and an edit of the slide on screen counting from when it came up.
import { describe, expect, it } from 'vitest';
import {
  armClock,
  endSlideNow,
  LATE_MS,
  NEW_CLOCK,
  pauseClock,
  resumeClock,
  scheduleNext,
  startSlide,
  stretchSlide,
  type SlideClock,
} from './slide-clock';

describe('the slide clock', () => {
  it('sets the first slide’s deadline when its timer starts, and keeps one it already has', () => {
    expect(armClock(NEW_CLOCK, 5000, 100)).toEqual({ deadline: 5100, remaining: null });
    expect(armClock({ deadline: 7000, remaining: null }, 5000, 100).deadline).toBe(7000);
  });

  it('times each slide from the previous deadline, so a timer that fires late does not drift', () => {
    let clock: SlideClock = armClock(NEW_CLOCK, 5000, 0);
    clock = scheduleNext(clock, 8000, 5040);
    expect(clock.deadline).toBe(13_000);
    clock = scheduleNext(clock, 10_000, 13_000 + LATE_MS);
    expect(clock.deadline).toBe(23_000);
  });

  it('starts a new schedule from the switch when it came more than a second late (a picture was awaited)', () => {
    const clock = scheduleNext({ deadline: 5000, remaining: null }, 8000, 5000 + LATE_MS + 1);
    expect(clock.deadline).toBe(5000 + LATE_MS + 1 + 8000);
  });

  it('keeps what was left of the slide while paused, and plays it out on resume', () => {
    const paused = pauseClock({ deadline: 10_000, remaining: null }, 4000);
    expect(paused.remaining).toBe(6000);
    expect(resumeClock(paused, 10_000, 50_000)).toEqual({ deadline: 56_000, remaining: null });
    // Paused past its deadline: nothing left, never less.
    expect(pauseClock({ deadline: 10_000, remaining: null }, 12_000).remaining).toBe(0);
    // Resumed with nothing kept: the slide's whole time.
    expect(resumeClock(NEW_CLOCK, 8000, 100).deadline).toBe(8100);
  });

  it('gives a slide that comes up its whole time, from now or on resume', () => {
    expect(startSlide({ deadline: 1, remaining: null }, 8000, false, 500)).toEqual({ deadline: 8500, remaining: null });
    expect(startSlide({ deadline: 1, remaining: 300 }, 8000, true, 500)).toEqual({ deadline: 1, remaining: 8000 });
  });

  it('counts a new duration of the slide on screen from when it came up', () => {
    // Up at 0 for 10 s; at 4 s it becomes 15 s long: it ends at 15 s, or at 6 s when cut to 6.
    expect(stretchSlide({ deadline: 10_000, remaining: null }, 5000, 15_000, false, 4000).deadline).toBe(15_000);
    expect(stretchSlide({ deadline: 10_000, remaining: null }, -4000, 6000, false, 4000).deadline).toBe(6000);
    // Paused with 6 s left: 11 s left, or nothing when it became shorter than it has played.
    expect(stretchSlide({ deadline: 10_000, remaining: 6000 }, 5000, 15_000, true, 4000).remaining).toBe(11_000);
    expect(stretchSlide({ deadline: 10_000, remaining: 6000 }, -8000, 2000, true, 4000).remaining).toBe(0);
    // A clock not started yet starts now for the new duration.
    expect(stretchSlide(NEW_CLOCK, 5000, 15_000, false, 4000).deadline).toBe(19_000);
  });

  it('ends the slide on screen at once (its video failed)', () => {
    expect(endSlideNow({ deadline: 10_000, remaining: null }, 2500)).toEqual({ deadline: 2500, remaining: null });
  });
});
