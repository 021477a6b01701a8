// The advertiser's proof-of-play file: one line per play, oldest first, with the venue's
// local time beside UTC, and the names of the screen, venue, campaign, slide and ad.
import { dayIn } from '@/entities/campaign/campaign-dates';
import { formatHms } from '@/entities/plays/time-on-screen';
import { toCsv } from '@/lib/csv';

export const PLAYS_CSV_HEADER = [
  'Started (UTC)',
  'Local time',
  'Time zone',
  'Venue',
  'Venue address',
  'Screen',
  'Campaign',
  'Slide',
  'Ad',
  'Seconds',
  'Time on screen',
  'Play ID',
] as const;

export interface RawPlay {
  id: string;
  started_at: string;
  seconds: number | string;
  device_id: string;
  campaign_id: string | null;
  slide_id: string | null;
  ad_id: string | null;
}

export interface PlayNames {
  screens: Map<string, { screenName: string; venueName: string; venueAddress: string | null; timeZone: string }>;
  campaigns: Map<string, string>;
  slides: Map<string, string | null>;
  ads: Map<string, string>;
}

function localTime(iso: string, zone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const part of format.formatToParts(new Date(iso))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Whether the play falls on a venue-local day from..to (both included). */
export function playInPeriod(play: RawPlay, names: PlayNames, from: string, to: string): boolean {
  const zone = names.screens.get(play.device_id)?.timeZone ?? 'UTC';
  const day = dayIn(zone, new Date(play.started_at));
  return day >= from && day <= to;
}

const named = (map: Map<string, string | null>, id: string | null, gone: string, untitled = '') =>
  id === null ? '' : map.has(id) ? map.get(id) || untitled : gone;

/** The CSV text of `plays`, sorted oldest first. */
export function playsCsv(plays: readonly RawPlay[], names: PlayNames): string {
  const sorted = [...plays].sort(
    (a, b) => Date.parse(a.started_at) - Date.parse(b.started_at) || a.id.localeCompare(b.id),
  );
  return toCsv(
    PLAYS_CSV_HEADER,
    sorted.map((p) => {
      const screen = names.screens.get(p.device_id);
      const zone = screen?.timeZone ?? 'UTC';
      const seconds = Number(p.seconds);
      return [
        new Date(p.started_at).toISOString(),
        localTime(p.started_at, zone),
        zone,
        screen?.venueName ?? 'Deleted venue',
        screen?.venueAddress ?? '',
        screen?.screenName ?? 'Deleted screen',
        named(names.campaigns, p.campaign_id, 'Deleted campaign'),
        named(names.slides, p.slide_id, 'Deleted slide', 'Untitled Slide'),
        named(names.ads, p.ad_id, 'Deleted ad'),
        seconds,
        formatHms(seconds),
        p.id,
      ];
    }),
  );
}
