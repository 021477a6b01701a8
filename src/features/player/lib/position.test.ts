// Where the slideshow goes next: loops, one-slide loops, empty lists, a slide standing
// several times in a loop (priority), changed playlists and videos that cannot play now.
import { afterEach, describe, expect, it } from 'vitest';
import { loopOrder } from '@/entities/playlist/loop';
import { playlistSlide, playlistSpot } from '@/entities/playlist/playlist-fixtures';
import type { PlayerSlide } from '../api/playlist';
import { slideLayers } from './layers';
import {
  firstPosition,
  mediaOf,
  nextPlayable,
  nextPosition,
  previousPosition,
  slideAt,
  slideMs,
  type PlayingList,
  type Position,
} from './position';
import { resetVideoStates, videoFailed } from './preload';

const list = (slides: PlayerSlide[], version = 'v1', urls: Record<string, string> = {}): PlayingList => ({
  slides,
  version,
  media: { urls },
});
const ABC = [playlistSlide('a', 'A'), playlistSlide('b', 'B'), playlistSlide('c', 'C')];

/** The ids of `count` slides the show plays from `start`, following nextPosition in `playing`. */
function walk(start: Position, playing: PlayingList, count: number): (string | undefined)[] {
  const ids: (string | undefined)[] = [];
  let pos = start;
  for (let i = 0; i < count; i++) {
    pos = nextPosition(pos, playing);
    ids.push(slideAt(pos)?.id);
  }
  return ids;
}

afterEach(() => resetVideoStates());

describe('the loop', () => {
  it('starts at the first slide and goes round, counting each switch', () => {
    const playing = list(ABC);
    const start = firstPosition(playing);
    expect(slideAt(start)?.id).toBe('a');
    expect(start.seq).toBe(0);
    expect(walk(start, playing, 4)).toEqual(['b', 'c', 'a', 'b']);
    expect(nextPosition(start, playing).seq).toBe(1);
  });

  it('plays a one-slide loop again and again, each round a new switch (its progress bar restarts)', () => {
    const playing = list([playlistSlide('only', 'Only')]);
    const once = nextPosition(firstPosition(playing), playing);
    expect(slideAt(once)?.id).toBe('only');
    expect(once.index).toBe(0);
    expect(once.seq).toBe(1);
    expect(slideAt(previousPosition(once))?.id).toBe('only');
  });

  it('has no slide, now or next, in an empty playlist', () => {
    const empty = list([]);
    const start = firstPosition(empty);
    expect(slideAt(start)).toBeUndefined();
    expect(slideAt(nextPosition(start, empty))).toBeUndefined();
    expect(slideAt(previousPosition(start))).toBeUndefined();
    expect(nextPosition(start, empty).index).toBe(0);
    expect(slideLayers(start, nextPosition(start, empty), null)).toEqual([]);
  });

  it('goes back from the first slide to the last', () => {
    expect(slideAt(previousPosition(firstPosition(list(ABC))))?.id).toBe('c');
  });

  it('moves on by place through a slide that stands several times in the loop (priority)', () => {
    // a at priority 2 plays twice a loop: a, b, a, c.
    const slides = loopOrder([
      playlistSlide('a', 'A', { priority: 2 }),
      playlistSlide('b', 'B'),
      playlistSlide('c', 'C'),
    ]);
    expect(slides.map((s) => s.id)).toEqual(['a', 'b', 'a', 'c']);
    const playing = list(slides);
    expect(walk(firstPosition(playing), playing, 5)).toEqual(['b', 'a', 'c', 'a', 'b']);
  });

  it('times a slide by its duration, 10 s when it has none that is valid', () => {
    expect(slideMs(playlistSlide('a', 'A', { duration: 8 }))).toBe(8000);
    expect(slideMs(playlistSlide('a', 'A', { duration: 0 }))).toBe(10_000);
    expect(slideMs(undefined)).toBe(10_000);
  });
});

describe('a changed playlist at the boundary', () => {
  it('goes on after the same slide in the new list', () => {
    const atB = nextPosition(firstPosition(list(ABC)), list(ABC));
    const reordered = list([ABC[1]!, playlistSlide('new', 'New'), ABC[0]!, ABC[2]!], 'v2');
    const next = nextPosition(atB, reordered);
    expect(slideAt(next)?.id).toBe('new');
    expect(next.version).toBe('v2');
    expect(next.slides).toBe(reordered.slides);
  });

  it('keeps the place, within the new list, when the slide on screen is gone', () => {
    const atC = { ...firstPosition(list(ABC)), index: 2 };
    expect(slideAt(nextPosition(atC, list([ABC[0]!, ABC[1]!, playlistSlide('d', 'D')], 'v2')))?.id).toBe('d');
    expect(slideAt(nextPosition(atC, list([ABC[0]!, ABC[1]!], 'v2')))?.id).toBe('a');
  });
});

describe('videos that cannot play now', () => {
  const URLS = { 'photo.png': 'https://files.test/photo.png', 'video:clip.webm': 'https://files.test/clip.webm' };
  const photo = playlistSlide('photo', 'Photo', { image_url: 'photo.png' });
  const clip = playlistSlide('clip', 'Clip', { image_url: 'clip.webm', media_kind: 'video' });
  const text = playlistSlide('text', 'Text');

  it('finds each slide’s picture by its file', () => {
    const playing = list([photo, clip, text], 'v1', URLS);
    const start = firstPosition(playing);
    expect(mediaOf(start)).toEqual({ url: 'https://files.test/photo.png', video: false });
    expect(mediaOf(nextPosition(start, playing))).toEqual({ url: 'https://files.test/clip.webm', video: true });
    expect(mediaOf({ ...start, index: 2 })).toEqual({ url: undefined, video: false });
  });

  it('steps over a video that failed lately or has no link, to what follows it', () => {
    const playing = list([photo, clip, text], 'v1', URLS);
    expect(slideAt(nextPlayable(firstPosition(playing), playing))?.id).toBe('clip');
    videoFailed(null, URLS['video:clip.webm'], 'Clip', 'cannot be decoded');
    expect(slideAt(nextPlayable(firstPosition(playing), playing))?.id).toBe('text');
    const unsigned = list([photo, clip, text], 'v1', { 'photo.png': URLS['photo.png'] });
    expect(slideAt(nextPlayable(firstPosition(unsigned), unsigned))?.id).toBe('text');
  });

  it('takes the plain next slide when nothing else can be shown', () => {
    const playing = list([photo, clip], 'v1', { 'photo.png': URLS['photo.png'] });
    const atClip = nextPosition(firstPosition(playing), playing);
    // From the photo, the only other slide is a video without a link: the photo again.
    expect(slideAt(nextPlayable(atClip, playing))?.id).toBe('photo');
    const videosOnly = list([clip], 'v1', {});
    expect(slideAt(nextPlayable(firstPosition(videosOnly), videosOnly))?.id).toBe('clip');
  });
});

describe('the layers in the page', () => {
  it('keeps the next slide hidden under the one on screen, and only one layer for a one-slide loop', () => {
    const playing = list(ABC);
    const start = firstPosition(playing);
    expect(slideLayers(start, nextPosition(start, playing), null).map((l) => [l.slide.id, l.visible])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    const single = list([ABC[0]!]);
    expect(slideLayers(firstPosition(single), nextPosition(firstPosition(single), single), null)).toHaveLength(1);
  });

  it('adds a slide being got ready that is neither on screen nor next, once', () => {
    const playing = list(ABC);
    const start = firstPosition(playing);
    const next = nextPosition(start, playing);
    const third = nextPosition(next, playing);
    expect(slideLayers(start, next, third).map((l) => [l.slide.id, l.visible])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
    expect(slideLayers(start, next, next)).toHaveLength(2);
  });
});

describe('a screen with spots booked in its loop', () => {
  // A 60 s loop: one spot of Acme a loop (its two slides take turns), the venue's three 10 s slides around it.
  const acme = playlistSpot('acme', [
    { id: 'x', title: 'Acme X' },
    { id: 'y', title: 'Acme Y' },
  ]);
  const sold = (slides = ABC, version = 'v1', spots = [acme]): PlayingList => ({
    slides,
    spots,
    loop_seconds: 60,
    version,
    media: { urls: {} },
  });

  it('plays the spot at the start of each loop, the venue’s slides carrying on around it, the spot’s slides in turn', () => {
    const playing = sold();
    const start = firstPosition(playing);
    expect(start.slides.map((s) => s.id)).toEqual(['x', 'a', 'b', 'c', 'a', 'b']);
    expect(walk(start, playing, 12)).toEqual(['a', 'b', 'c', 'a', 'b', 'y', 'c', 'a', 'b', 'c', 'a', 'x']);
  });

  it('plays the spot’s slides as the network campaign’s', () => {
    const spot = slideAt(firstPosition(sold()))!;
    expect(spot).toMatchObject({ id: 'x', campaign_id: 'acme', title: 'Acme X', duration: 10 });
  });

  it('plays the spots back to back when the venue has nothing on air', () => {
    const other = playlistSpot('other', [{ id: 'o', title: 'Other' }]);
    const playing = sold([], 'v1', [acme, other]);
    expect(walk(firstPosition(playing), playing, 5)).toEqual(['o', 'y', 'o', 'x', 'o']);
  });

  it('plays the venue’s loop as it always did without a spot on air, or without a loop length', () => {
    expect(firstPosition(sold(ABC, 'v1', [])).slides).toBe(ABC);
    expect(firstPosition({ ...sold(), loop_seconds: null }).slides).toBe(ABC);
    expect(firstPosition({ slides: ABC, version: 'v1', media: { urls: {} } }).slides).toBe(ABC);
  });

  it('goes on after the showing of the slide on screen nearest its place when the playlist changes mid-loop', () => {
    const playing = sold();
    // The second showing of a, near the loop's end.
    const atSecondA = { ...firstPosition(playing), index: 4 };
    // A fourth venue slide: this loop is now x a b c d a, so a's nearest showing is its last: on to the next loop.
    const next = nextPosition(atSecondA, sold([...ABC, playlistSlide('d', 'D')], 'v2'));
    expect(slideAt(next)?.id).toBe('y');
    expect(next.loop).toBe(1);
    expect(next.slides.map((s) => s.id)).toEqual(['y', 'b', 'c', 'd', 'a', 'b']);
  });
});
