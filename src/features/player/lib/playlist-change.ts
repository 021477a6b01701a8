// What a new playlist changes on screen at once. Most changes wait for the next slide boundary
// (nextPosition takes the newest list there); three do not: a daypart that opened puts its
// campaign on screen within the second, an edit of the slide on screen shows straight away
// (the slide stays for its time, counted from when it came up), and a slide on screen that
// was removed gives way to what followed it.
import type { PlayerSlide } from '../api/playlist';
import { campaignsOnAir } from './on-air';
import { nextPosition, positionIn, slideAt, type PlayingList, type Position } from './position';

/** Where the first slide of a campaign that came on air with `list` is (a daypart opened); -1 when none did. */
export function cameOnAir(pos: Position, list: PlayingList): number {
  const before = campaignsOnAir(pos.version);
  const now = campaignsOnAir(list.version);
  if (before.list !== now.list) return -1;
  const had = new Set(before.campaigns);
  return list.slides.findIndex((s) => !had.has(s.campaign_id));
}

/** What of a slide shows on screen; its place in the list, priority and dates do not. */
const looks = (s: PlayerSlide) =>
  JSON.stringify([
    s.content_type,
    s.slide_type,
    s.title,
    s.content,
    s.image_url,
    s.media_kind,
    s.is_active,
    s.settings,
  ]);

export interface ScreenChange {
  /** Where the show goes now (once its picture is ready). */
  target: Position;
  /** The slide on screen, edited, stays: as it was and as it is now (its time runs on). Null: a new slide comes up. */
  edited: { before: PlayerSlide; after: PlayerSlide } | null;
}

/** What `list` changes on screen at once, the show being at `pos`; null when it waits for the next boundary. */
export function changeOnScreen(pos: Position, list: PlayingList): ScreenChange | null {
  const shown = slideAt(pos);
  if (!shown || list.slides.length === 0 || list.version === pos.version) return null;
  const opened = cameOnAir(pos, list);
  if (opened >= 0) return { target: positionIn(list, opened, pos.seq + 1), edited: null };
  const fresh = list.slides.find((s) => s.id === shown.id);
  if (fresh && looks(fresh) === looks(shown) && fresh.duration === shown.duration) return null;
  if (!fresh) return { target: nextPosition(pos, list), edited: null };
  return { target: positionIn(list, list.slides.indexOf(fresh), pos.seq), edited: { before: shown, after: fresh } };
}
