// What of a playlist is on air: the campaigns whose dates and dayparts cover this moment in
// the venue's time zone (the playlist carries the schedule, so a screen follows it offline),
// the venue's loop they make and the network campaigns' spots booked on the screen, and when
// something plays again once nothing does. The player is given the loop and the spots with a
// version that names both the list and the campaigns on air (venue and network), so it tells
// a schedule's edge (same list, other campaigns on air) from an edit.
import { nextStart, type Schedulable } from '@/entities/campaign/schedule';
import { loopOrder } from '@/entities/playlist/loop';
import {
  onAirAt,
  slideSchedule,
  spotSchedule,
  spotsOnAirAt,
  type Playlist,
  type PlaylistSlide,
  type PlaylistSpot,
} from '@/entities/playlist/playlist';

/** Separates a playlist's version from the campaigns on air in the version the player is given. */
export const ON_AIR_SEPARATOR = '@';

/** The campaigns of `slides`, sorted and joined: what is on air, as one key. */
export const airKey = (slides: readonly PlaylistSlide[]) =>
  [...new Set(slides.map((s) => s.campaign_id))].sort().join(',');

/** What is on air at `at`, as one key: the campaigns of the venue's slides and of the spots on air (an airKey). */
export const onAirKey = (playlist: Playlist, at: Date) =>
  [...new Set([...onAirAt(playlist, at), ...onAirSpots(playlist, at)].map((on) => on.campaign_id))].sort().join(',');

/** The version the player is given: the list's own, and the campaigns on air (an airKey). */
export const onAirVersion = (version: string, key: string) => `${version}${ON_AIR_SEPARATOR}${key}`;

/** A version the player was given, read back: the list's version and the campaigns on air. */
export function campaignsOnAir(version: string): { list: string; campaigns: string[] } {
  const at = version.lastIndexOf(ON_AIR_SEPARATOR);
  return { list: at < 0 ? version : version.slice(0, at), campaigns: at < 0 ? [] : version.slice(at + 1).split(',') };
}

/** The loop on air at `at`: the slides whose campaigns play at that moment, in loop order. */
export function onAirLoop(playlist: Playlist, at: Date): PlaylistSlide[] {
  return loopOrder(onAirAt(playlist, at));
}

/** The spots booked on the screen whose network campaigns play at `at` (none without a loop length). */
export function onAirSpots(playlist: Playlist, at: Date): PlaylistSpot[] {
  return playlist.loop_seconds ? spotsOnAirAt(playlist, at) : [];
}

/** The screen's clock: the device's, set by the server's at the playlist's read. */
export const serverClock = (playlist: Pick<Playlist, 'clock_offset_ms'>, now = Date.now()) =>
  new Date(now + (playlist.clock_offset_ms ?? 0));

/**
 * What is on air changes only on a whole minute of the venue's clock (dayparts are hours and
 * minutes, dates are days, and every time zone's offset is whole minutes), so a screen looks
 * once a minute, just after the minute turns: this many ms after it.
 */
export const ON_AIR_SLACK_MS = 20;

/** How long after `at` (the screen's clock) to look again at what is on air: just past the next whole minute. */
export function nextOnAirCheck(at: Date): number {
  const minute = 60_000;
  return minute - (((at.getTime() % minute) + minute) % minute) + ON_AIR_SLACK_MS;
}

/** When the first of the playlist's campaigns plays again after `at` (null: not within the coming week). */
export function nextOnAir(playlist: Playlist, at: Date): Date | null {
  const zone = playlist.customer?.time_zone;
  if (!zone) return null;
  const byCampaign = new Map<string, Schedulable>();
  for (const slide of playlist.slides) byCampaign.set(slide.campaign_id, slideSchedule(slide));
  if (playlist.loop_seconds)
    for (const spot of playlist.spots ?? []) byCampaign.set(spot.campaign_id, spotSchedule(spot));
  let first: Date | null = null;
  for (const schedule of byCampaign.values()) {
    const next = nextStart(schedule, zone, at);
    if (next && (!first || next < first)) first = next;
  }
  return first;
}

/** 'at 07:00' today, 'Monday at 07:00' later, in the venue's time. */
export function formatNext(next: Date, zone: string, at: Date): string {
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(next);
  const day = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }).format(d);
  return day(next) === day(at) && next.getTime() - at.getTime() < 86_400_000 ? `at ${time}` : `${day(next)} at ${time}`;
}
