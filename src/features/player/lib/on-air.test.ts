// What a screen plays by its venue's clock, whatever the device's own zone (the unit suite
// runs in Los Angeles and in Tokyo): a late-night daypart over midnight in New York.
import { describe, expect, it } from 'vitest';
import type { Playlist } from '@/entities/playlist/playlist';
import { playlistSlide, playlistSpot } from '@/entities/playlist/playlist-fixtures';
import {
  airKey,
  campaignsOnAir,
  formatNext,
  nextOnAir,
  nextOnAirCheck,
  ON_AIR_SLACK_MS,
  onAirKey,
  onAirLoop,
  onAirSpots,
  onAirVersion,
  serverClock,
} from './on-air';

const NY = 'America/New_York';

// Fridays and Saturdays 22:00 to 02:00 the next morning; the house slides play all day, one
// of them twice a loop.
const playlist: Playlist = {
  version: 'v1',
  customer: { id: 'c1', name: 'Corner Cafe', time_zone: NY },
  today: '2026-11-27',
  slides: [
    playlistSlide('menu', 'Menu', { campaign_id: 'house', priority: 2 }),
    playlistSlide('hours', 'Hours', { campaign_id: 'house' }),
    playlistSlide('dj', 'DJ tonight', {
      campaign_id: 'late',
      campaign_windows: [{ days: [5, 6], start: '22:00', end: '02:00' }],
    }),
  ],
};
const lateOnly: Playlist = { ...playlist, slides: playlist.slides.filter((s) => s.campaign_id === 'late') };

/** The loop on air at `iso` (November 2026: New York is UTC−5). */
const loopAt = (iso: string) => onAirLoop(playlist, new Date(iso)).map((s) => s.id);

describe('the loop on air', () => {
  it('opens a late daypart at 22:00 on its day in the venue’s zone, and not a minute before', () => {
    // Friday 27 November, 21:59 and 22:00 in New York.
    expect(loopAt('2026-11-28T02:59:00Z')).toEqual(['menu', 'menu', 'hours']);
    expect(loopAt('2026-11-28T03:00:00Z')).toEqual(['menu', 'hours', 'menu', 'dj']);
    expect(airKey(onAirLoop(playlist, new Date('2026-11-28T03:00:00Z')))).toBe('house,late');
  });

  it('runs it over midnight into the next day, until 02:00', () => {
    // Saturday 01:59 and 02:00: Friday night's window, over midnight.
    expect(loopAt('2026-11-28T06:59:00Z')).toContain('dj');
    expect(loopAt('2026-11-28T07:00:00Z')).not.toContain('dj');
    // Sunday 01:00 belongs to Saturday night's window; Monday 01:00 to none (Sunday is not one of its days).
    expect(loopAt('2026-11-29T06:00:00Z')).toContain('dj');
    expect(loopAt('2026-11-30T06:00:00Z')).not.toContain('dj');
  });

  it('plays nothing between a daypart’s showings when it is all the playlist holds', () => {
    expect(onAirLoop(lateOnly, new Date('2026-11-28T12:00:00Z'))).toEqual([]);
    expect(airKey([])).toBe('');
  });
});

describe('when a screen with nothing on air plays again', () => {
  it('says the time when it is later today, in the venue’s time', () => {
    // Friday noon in New York: tonight at 22:00.
    const at = new Date('2026-11-27T17:00:00Z');
    const next = nextOnAir(lateOnly, at)!;
    expect(next.toISOString()).toBe('2026-11-28T03:00:00.000Z');
    expect(formatNext(next, NY, at)).toBe('at 22:00');
  });

  it('names the day when it is another day', () => {
    // Sunday 03:00 in New York, after Saturday night's window: next Friday.
    const at = new Date('2026-11-29T08:00:00Z');
    const next = nextOnAir(lateOnly, at)!;
    expect(next.toISOString()).toBe('2026-12-05T03:00:00.000Z');
    expect(formatNext(next, NY, at)).toBe('Friday at 22:00');
  });

  it('knows no time without a venue, or when no campaign plays again within the week', () => {
    expect(nextOnAir({ ...lateOnly, customer: null }, new Date('2026-11-27T17:00:00Z'))).toBeNull();
    const ended = {
      ...lateOnly,
      slides: lateOnly.slides.map((s) => ({ ...s, campaign_end_date: '2026-11-26' })),
    };
    expect(nextOnAir(ended, new Date('2026-11-27T17:00:00Z'))).toBeNull();
  });
});

describe('the version the player is given', () => {
  it('names the list and the campaigns on air, and reads back', () => {
    const version = onAirVersion('v7', 'house,late');
    expect(campaignsOnAir(version)).toEqual({ list: 'v7', campaigns: ['house', 'late'] });
    expect(campaignsOnAir(onAirVersion('v7', ''))).toEqual({ list: 'v7', campaigns: [''] });
    expect(campaignsOnAir('v7')).toEqual({ list: 'v7', campaigns: [] });
  });

  it('sets the screen’s clock by the server’s', () => {
    expect(serverClock({ clock_offset_ms: 90_000 }, Date.parse('2026-11-27T17:00:00Z')).toISOString()).toBe(
      '2026-11-27T17:01:30.000Z',
    );
    expect(serverClock({}, 0).getTime()).toBe(0);
  });
});

describe('the network campaigns booked on the screen', () => {
  // Acme books a spot in the screen's 300 s loop on weekday mornings, 07:00 to 11:00 in New York.
  const acme = playlistSpot('acme', [{ id: 'x', title: 'Acme' }], {
    campaign_windows: [{ days: [1, 2, 3, 4, 5], start: '07:00', end: '11:00' }],
  });
  const sold: Playlist = { ...playlist, loop_seconds: 300, spots: [acme] };

  it('puts a spot on air by its campaign’s daypart in the venue’s zone, and names it in the key', () => {
    // Friday 27 November, 06:59 and 07:00 in New York.
    expect(onAirSpots(sold, new Date('2026-11-27T11:59:00Z'))).toEqual([]);
    expect(onAirSpots(sold, new Date('2026-11-27T12:00:00Z'))).toEqual([acme]);
    expect(onAirKey(sold, new Date('2026-11-27T11:59:00Z'))).toBe('house');
    expect(onAirKey(sold, new Date('2026-11-27T12:00:00Z'))).toBe('acme,house');
  });

  it('plays no spot on a screen of no known loop, nor from a copy kept by an older build', () => {
    const at = new Date('2026-11-27T12:00:00Z');
    expect(onAirSpots({ ...sold, loop_seconds: null }, at)).toEqual([]);
    expect(onAirKey({ ...sold, loop_seconds: null }, at)).toBe('house');
    expect(onAirSpots(playlist, at)).toEqual([]);
  });

  it('says when a spot plays again when nothing else does', () => {
    // Saturday noon: the next weekday morning is Monday's.
    const spotsOnly: Playlist = { ...sold, slides: [] };
    const at = new Date('2026-11-28T17:00:00Z');
    expect(nextOnAir(spotsOnly, at)?.toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });
});

describe('when a screen looks again at what is on air', () => {
  // Kathmandu (UTC+5:45) and a daypart at 19:45 with dates: edges off the UTC hour.
  const varied: Playlist = {
    ...playlist,
    customer: { id: 'c2', name: 'Himalaya Hall', time_zone: 'Asia/Kathmandu' },
    slides: [
      ...playlist.slides,
      playlistSlide('talk', 'Talk', {
        campaign_id: 'talk',
        campaign_start_date: '2026-11-28',
        campaign_end_date: '2026-11-29',
        campaign_windows: [{ days: [6, 7], start: '19:45', end: '21:15' }],
      }),
    ],
  };

  it('just after the next whole minute, once a minute', () => {
    expect(nextOnAirCheck(new Date('2026-11-27T21:59:59.990Z'))).toBe(10 + ON_AIR_SLACK_MS);
    expect(nextOnAirCheck(new Date('2026-11-27T22:00:00.000Z'))).toBe(60_000 + ON_AIR_SLACK_MS);
    expect(nextOnAirCheck(new Date('2026-11-27T22:00:00.020Z'))).toBe(60_000);
  });

  it('misses no change: between two looks what is on air stays the same', () => {
    for (const list of [playlist, varied]) {
      // Every 97 s over two days from Friday: each moment has the key of the look before it.
      let look = new Date('2026-11-27T00:00:00.000Z');
      let key = onAirKey(list, look);
      let changes = 0;
      const from = look.getTime();
      for (let t = from; t < from + 2 * 86_400_000; t += 97_000) {
        // Within the slack after a minute turns, the screen has not looked yet (by design).
        if (t % 60_000 < ON_AIR_SLACK_MS) continue;
        const at = new Date(t);
        while (look.getTime() + nextOnAirCheck(look) <= t) {
          look = new Date(look.getTime() + nextOnAirCheck(look));
          const next = onAirKey(list, look);
          if (next !== key) changes++;
          key = next;
        }
        expect(onAirKey(list, at), at.toISOString()).toBe(key);
      }
      expect(changes).toBeGreaterThanOrEqual(2);
    }
  });
});
