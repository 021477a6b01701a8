// A reload resumes the loop where it was: the same slide, for what was left of its time.
import { afterEach, describe, expect, it } from 'vitest';
import { dynamicRequestKey, markUnavailable, resetAvailability } from '@/components/dynamic-content/wall-data';
import { playlistSlide } from '@/entities/playlist/playlist-fixtures';
import type { PlayerSlide } from '../api/playlist';
import { firstPosition, isSkipped, nextPlayable, slideAt, type PlayingList } from './position';
import { prepare } from './prepare';
import { loadPlace, placeOf, RESUME_MAX_AGE_MS, RESUME_MIN_MS, resumeShow, savePlace } from './resume';

const list = (slides: PlayerSlide[]): PlayingList => ({ slides, version: 'v1', media: { urls: {} } });
const ABC = list([
  playlistSlide('a', 'A', { duration: 10 }),
  playlistSlide('b', 'B', { duration: 20 }),
  playlistSlide('c', 'C', { duration: 10 }),
]);
const NOW = Date.parse('2026-11-27T10:00:00Z');

afterEach(() => resetAvailability());

describe('resumeShow', () => {
  it('starts at the first slide with its whole time when nothing was kept', () => {
    const { pos, remainingMs } = resumeShow(ABC, null, NOW);
    expect(slideAt(pos)?.id).toBe('a');
    expect(remainingMs).toBeNull();
  });

  it('resumes the kept slide for what is left of its time', () => {
    const shown = { ...firstPosition(ABC), index: 1 };
    const { pos, remainingMs } = resumeShow(ABC, placeOf(shown, NOW - 8_000), NOW);
    expect(slideAt(pos)?.id).toBe('b');
    expect(pos.index).toBe(1);
    expect(remainingMs).toBe(12_000);
  });

  it('shows the kept slide a moment even when its time ran out during the reload', () => {
    const { pos, remainingMs } = resumeShow(ABC, placeOf(firstPosition(ABC), NOW - 60_000), NOW);
    expect(slideAt(pos)?.id).toBe('a');
    expect(remainingMs).toBe(RESUME_MIN_MS);
  });

  it('finds the kept slide in a changed list, and starts again when it is gone or the place is old', () => {
    const place = placeOf({ ...firstPosition(ABC), index: 2 }, NOW - 1_000)!;
    const reordered = list([ABC.slides[2]!, ABC.slides[0]!]);
    expect(slideAt(resumeShow(reordered, place, NOW).pos)?.id).toBe('c');
    expect(resumeShow(list([ABC.slides[0]!]), place, NOW)).toMatchObject({ remainingMs: null });
    expect(resumeShow(ABC, { ...place, shownAt: NOW - RESUME_MAX_AGE_MS - 1 }, NOW).remainingMs).toBeNull();
  });

  it('keeps the place on the device per screen', () => {
    const place = placeOf({ ...firstPosition(ABC), index: 1 }, NOW)!;
    savePlace('screen-1', place);
    expect(loadPlace('screen-1')).toEqual(place);
    expect(loadPlace('screen-2')).toBeNull();
  });
});

describe('a dynamic slide with nothing true to show', () => {
  const weather = playlistSlide('w', 'Weather', {
    content_type: 'dynamic',
    slide_type: 'weather',
    settings: { location: 'Paris' },
  });
  const withWeather = list([ABC.slides[0]!, weather, ABC.slides[2]!]);

  it('is skipped like a failed video, and played again once it has data', async () => {
    const start = firstPosition(withWeather);
    expect(slideAt(nextPlayable(start, withWeather))?.id).toBe('w');
    markUnavailable(dynamicRequestKey('weather', { location: 'Paris' }));
    expect(isSkipped({ ...start, index: 1 })).toBe(true);
    expect(slideAt(nextPlayable(start, withWeather))?.id).toBe('c');
    const ready = await prepare(
      { ...start, index: 1 },
      () => withWeather,
      () => false,
      () => undefined,
    );
    expect(slideAt(ready!)?.id).toBe('c');
    resetAvailability();
    expect(slideAt(nextPlayable(start, withWeather))?.id).toBe('w');
  });
});
