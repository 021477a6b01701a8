import { describe, expect, it } from 'vitest';
import { PLAYS_CSV_HEADER, playInPeriod, playsCsv, type PlayNames, type RawPlay } from './plays-csv';

const names: PlayNames = {
  screens: new Map([
    [
      'dev-1',
      {
        screenName: 'GYM-ENTRANCE-01',
        venueName: 'Peak Gym',
        venueAddress: '480 Fitness Ave',
        timeZone: 'America/New_York',
      },
    ],
  ]),
  campaigns: new Map([['camp-1', 'Brightline 5G']]),
  slides: new Map<string, string | null>([
    ['slide-1', 'Bring your number'],
    ['slide-2', null],
  ]),
  ads: new Map([['ad-1', '=5G Launch']]),
};

const play = (over: Partial<RawPlay>): RawPlay => ({
  id: 'p-1',
  started_at: '2026-11-26T03:30:00Z',
  seconds: '15.0',
  device_id: 'dev-1',
  campaign_id: 'camp-1',
  slide_id: 'slide-1',
  ad_id: 'ad-1',
  ...over,
});

describe('the proof-of-play CSV', () => {
  it('writes one line per play, oldest first, in UTC and the venue time, with the names', () => {
    const csv = playsCsv(
      [play({ id: 'p-2', started_at: '2026-11-26T04:00:00Z', slide_id: 'slide-2' }), play({})],
      names,
    );
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(PLAYS_CSV_HEADER.join(','));
    expect(lines.slice(1)).toEqual([
      "2026-11-26T03:30:00.000Z,2026-11-25 22:30:00,America/New_York,Peak Gym,480 Fitness Ave,GYM-ENTRANCE-01,Brightline 5G,Bring your number,'=5G Launch,15,0:00:15,p-1",
      "2026-11-26T04:00:00.000Z,2026-11-25 23:00:00,America/New_York,Peak Gym,480 Fitness Ave,GYM-ENTRANCE-01,Brightline 5G,Untitled Slide,'=5G Launch,15,0:00:15,p-2",
    ]);
  });

  it('names what is gone as gone, and what a play never had as nothing', () => {
    const csv = playsCsv(
      [play({ device_id: 'dev-x', campaign_id: 'camp-x', slide_id: 'slide-x', ad_id: null })],
      names,
    );
    const line = csv.trim().split('\r\n')[1]!;
    expect(line).toContain('UTC,Deleted venue,,Deleted screen,Deleted campaign,Deleted slide,,15');
  });

  it("counts a play on the venue's own calendar day", () => {
    // 03:30 UTC on the 26th is the evening of the 25th in New York.
    expect(playInPeriod(play({}), names, '2026-11-25', '2026-11-25')).toBe(true);
    expect(playInPeriod(play({}), names, '2026-11-26', '2026-11-26')).toBe(false);
  });
});
