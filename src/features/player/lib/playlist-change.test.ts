// What a new playlist changes on screen at once, and what waits for the next slide boundary.
import { describe, expect, it } from 'vitest';
import { playlistSlide, playlistSpot } from '@/entities/playlist/playlist-fixtures';
import type { PlayerSlide } from '../api/playlist';
import { onAirVersion } from './on-air';
import { changeOnScreen } from './playlist-change';
import { firstPosition, nextPosition, slideAt, type PlayingList, type Position } from './position';

const list = (slides: PlayerSlide[], version: string): PlayingList => ({ slides, version, media: { urls: {} } });
const A = playlistSlide('a', 'Breakfast', { duration: 8 });
const B = playlistSlide('b', 'Lunch');
const C = playlistSlide('c', 'Dinner');

/** The show on `id` in `playing`, after a few switches. */
function showing(playing: PlayingList, id: string) {
  let pos = { ...firstPosition(playing), seq: 4 };
  while (slideAt(pos)?.id !== id) pos = nextPosition(pos, playing);
  return pos;
}

describe('a new playlist while a slide is on screen', () => {
  const before = list([A, B, C], 'v1');

  it('changes nothing at once when the list is the same, or only other slides or places changed', () => {
    const pos = showing(before, 'b');
    expect(changeOnScreen(pos, before)).toBeNull();
    expect(changeOnScreen(pos, list([B, A, playlistSlide('d', 'Late')], 'v2'))).toBeNull();
    expect(changeOnScreen(pos, list([A, { ...B, priority: 3, display_order: 9 }, C], 'v2'))).toBeNull();
  });

  it('shows an edit of the slide on screen at once, keeping it (and its place in the switches)', () => {
    const pos = showing(before, 'b');
    const edited = { ...B, title: 'Lunch specials' };
    const change = changeOnScreen(pos, list([edited, A, C], 'v2'))!;
    expect(slideAt(change.target)).toBe(edited);
    expect(change.target.index).toBe(0);
    expect(change.target.seq).toBe(pos.seq);
    expect(change.edited).toEqual({ before: B, after: edited });
  });

  it('takes a new duration of the slide on screen as an edit', () => {
    const pos = showing(before, 'a');
    const change = changeOnScreen(pos, list([{ ...A, duration: 20 }, B, C], 'v2'))!;
    expect(change.edited?.after.duration).toBe(20);
  });

  it('moves on from a removed slide on screen to the one that followed it', () => {
    const pos = showing(before, 'b');
    const change = changeOnScreen(pos, list([A, C], 'v2'))!;
    expect(slideAt(change.target)?.id).toBe('c');
    expect(change.edited).toBeNull();
    expect(change.target.seq).toBe(pos.seq + 1);
  });

  it('leaves an empty list to the screen around the player', () => {
    expect(changeOnScreen(showing(before, 'a'), list([], 'v2'))).toBeNull();
  });
});

describe('a daypart’s edge (the same list, other campaigns on air)', () => {
  const breakfast = playlistSlide('egg', 'Eggs', { campaign_id: 'breakfast' });
  const house = [
    playlistSlide('menu', 'Menu', { campaign_id: 'house' }),
    playlistSlide('wifi', 'Wi-Fi', { campaign_id: 'house' }),
  ];

  it('puts the campaign that came on air on screen at once, at its first slide', () => {
    const pos = showing(list(house, onAirVersion('v1', 'house')), 'wifi');
    const opened = list([house[0]!, breakfast, house[1]!], onAirVersion('v1', 'breakfast,house'));
    const change = changeOnScreen(pos, opened)!;
    expect(slideAt(change.target)?.id).toBe('egg');
    expect(change.target.seq).toBe(pos.seq + 1);
    expect(change.edited).toBeNull();
  });

  it('lets a campaign that went off air finish the slide on screen when it is not that campaign’s', () => {
    const pos = showing(list([house[0]!, breakfast, house[1]!], onAirVersion('v1', 'breakfast,house')), 'menu');
    expect(changeOnScreen(pos, list(house, onAirVersion('v1', 'house')))).toBeNull();
  });

  it('waits for the boundary when an edited list brings a new campaign (no daypart’s edge)', () => {
    const pos = showing(list(house, onAirVersion('v1', 'house')), 'menu');
    expect(
      changeOnScreen(pos, list([house[0]!, breakfast, house[1]!], onAirVersion('v2', 'breakfast,house'))),
    ).toBeNull();
  });
});

describe('a network campaign’s spots', () => {
  const house = [
    playlistSlide('menu', 'Menu', { campaign_id: 'house' }),
    playlistSlide('wifi', 'Wi-Fi', { campaign_id: 'house' }),
    playlistSlide('hours', 'Hours', { campaign_id: 'house' }),
  ];
  const acme = playlistSpot('acme', [
    { id: 'x', title: 'Acme X' },
    { id: 'y', title: 'Acme Y' },
  ]);
  const sold = (version: string, spots = [acme]): PlayingList => ({
    slides: house,
    spots,
    loop_seconds: 60,
    version,
    media: { urls: {} },
  });
  /** The show on the `nth` showing of `id` in its first loop. */
  const onShowing = (playing: PlayingList, id: string, nth = 0): Position => {
    const start = firstPosition(playing);
    const index = start.slides.flatMap((s, i) => (s.id === id ? [i] : []))[nth]!;
    return { ...start, index, seq: 7 };
  };

  it('puts a spot on screen at once when its campaign’s daypart opens', () => {
    const pos = onShowing(sold(onAirVersion('v1', 'house'), []), 'hours');
    const change = changeOnScreen(pos, sold(onAirVersion('v1', 'acme,house')))!;
    expect(slideAt(change.target)?.id).toBe('x');
    expect(change.target.seq).toBe(pos.seq + 1);
    expect(change.edited).toBeNull();
  });

  it('shows an edit of the spot’s slide on screen at once, keeping it up', () => {
    const pos = onShowing(sold(onAirVersion('v1', 'acme,house')), 'x');
    const edited = { ...acme, slides: acme.slides.map((s) => (s.id === 'x' ? { ...s, title: 'Acme X, new' } : s)) };
    const change = changeOnScreen(pos, sold(onAirVersion('v2', 'acme,house'), [edited]))!;
    expect(slideAt(change.target)).toMatchObject({ id: 'x', title: 'Acme X, new', campaign_id: 'acme' });
    expect(change.target.index).toBe(pos.index);
    expect(change.target.seq).toBe(pos.seq);
    expect(change.edited?.before.title).toBe('Acme X');
  });

  it('moves on at once from a spot whose campaign left the screen', () => {
    const pos = onShowing(sold(onAirVersion('v1', 'acme,house')), 'x');
    const change = changeOnScreen(pos, sold(onAirVersion('v2', 'house'), []))!;
    expect(slideAt(change.target)?.campaign_id).toBe('house');
    expect(change.edited).toBeNull();
  });

  it('keeps the venue slide on screen when only the spots changed', () => {
    const pos = onShowing(sold(onAirVersion('v1', 'acme,house')), 'wifi');
    const longer = { ...acme, spots_per_loop: 2 };
    expect(changeOnScreen(pos, sold(onAirVersion('v2', 'acme,house'), [longer]))).toBeNull();
  });
});
