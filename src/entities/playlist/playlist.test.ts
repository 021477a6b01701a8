import { describe, expect, it } from 'vitest';
import { stillPlaying, type Playlist } from './playlist';
import { playlistSlide } from './playlist-fixtures';

const kept: Playlist = {
  version: 'v1',
  customer: { id: 'c1', name: 'Corner Cafe', time_zone: 'America/New_York' },
  today: '2026-03-31',
  slides: [
    playlistSlide('a', 'Ends 31 March', { campaign_end_date: '2026-03-31' }),
    playlistSlide('b', 'Open-ended', {}),
    playlistSlide('c', 'Starts 1 April', { campaign_start_date: '2026-04-01' }),
  ],
};

const titles = (at: string) => stillPlaying(kept, new Date(at)).map((s) => s.title);

describe('a playlist kept on a screen without a network', () => {
  it('drops a campaign once its last day is over in the venue’s time zone, whatever the browser’s zone', () => {
    // 23:59 on 31 March in New York.
    expect(titles('2026-04-01T03:59:00Z')).toEqual(['Ends 31 March', 'Open-ended']);
    // Midnight, 1 April, in New York.
    expect(titles('2026-04-01T04:00:00Z')).toEqual(['Open-ended', 'Starts 1 April']);
  });

  it('keeps every slide when the venue is unknown', () => {
    expect(stillPlaying({ ...kept, customer: null })).toHaveLength(3);
  });
});
