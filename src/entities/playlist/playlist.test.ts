import { describe, expect, it } from 'vitest';
import { loopOrder, loopSeconds } from './loop';
import { onAirAt, type Playlist } from './playlist';
import { playlistSlide } from './playlist-fixtures';

const kept: Playlist = {
  version: 'v1',
  customer: { id: 'c1', name: 'Corner Cafe', time_zone: 'America/New_York' },
  today: '2026-03-31',
  slides: [
    playlistSlide('a', 'Ends 31 March', { campaign_end_date: '2026-03-31' }),
    playlistSlide('b', 'Open-ended', {}),
    playlistSlide('c', 'Starts 1 April', { campaign_start_date: '2026-04-01', campaign_status: 'scheduled' }),
    playlistSlide('d', 'Breakfast', {
      campaign_windows: [{ days: [1, 2, 3, 4, 5], start: '07:00', end: '11:00' }],
    }),
  ],
};

const titles = (at: string) => onAirAt(kept, new Date(at)).map((s) => s.title);

describe('what a screen plays from the playlist it holds', () => {
  it('ends and starts campaigns at the venue’s midnight, whatever the browser’s zone', () => {
    // 23:59 on Tuesday 31 March in New York.
    expect(titles('2026-04-01T03:59:00Z')).toEqual(['Ends 31 March', 'Open-ended']);
    // Midnight, Wednesday 1 April, in New York: the scheduled campaign starts.
    expect(titles('2026-04-01T04:00:00Z')).toEqual(['Open-ended', 'Starts 1 April']);
  });

  it('plays a daypart’s campaign only within its window, to the minute', () => {
    // 06:59 and 07:00 on Wednesday 1 April in New York (EDT, UTC−4).
    expect(titles('2026-04-01T10:59:00Z')).not.toContain('Breakfast');
    expect(titles('2026-04-01T11:00:00Z')).toContain('Breakfast');
    expect(titles('2026-04-01T15:00:00Z')).not.toContain('Breakfast');
  });

  it('follows the server’s marks when the venue is unknown', () => {
    const unknown = { ...kept, customer: null, slides: kept.slides.map((s, i) => ({ ...s, on_air: i !== 0 })) };
    expect(onAirAt(unknown).map((s) => s.id)).toEqual(['b', 'c', 'd']);
  });
});

describe('the loop', () => {
  const slide = (id: string, priority: number, duration = 10) => playlistSlide(id, id, { priority, duration });

  it('plays every slide once, in order, at the default priority', () => {
    expect(loopOrder([slide('a', 1), slide('b', 1), slide('c', 1)]).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });

  it('plays a slide of priority p p times, spread through the loop', () => {
    // b plays at 3/8 and 7/8 of the loop; d's turn at 7/8 comes after b's.
    expect(loopOrder([slide('a', 1), slide('b', 2), slide('c', 1), slide('d', 1)]).map((s) => s.id)).toEqual([
      'a',
      'b',
      'c',
      'b',
      'd',
    ]);
    expect(loopOrder([slide('a', 3), slide('b', 1)]).map((s) => s.id)).toEqual(['a', 'a', 'b', 'a']);
    // Out-of-range priorities count as the nearest allowed one.
    expect(loopOrder([slide('a', 0), slide('b', 40)]).filter((s) => s.id === 'b')).toHaveLength(10);
  });

  it('lasts each slide’s time as often as it plays', () => {
    expect(loopSeconds([slide('a', 1, 10), slide('b', 2, 5)])).toBe(20);
    expect(loopSeconds([])).toBe(0);
  });
});
