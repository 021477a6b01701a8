// What a new playlist changes on screen at once. Most changes wait for the next slide boundary
// (nextPosition takes the newest list there); three do not: a daypart that opened puts its
// campaign (the venue's slides, or a network campaign's spot) on screen within the second, the
// loop on screen being made again from the new list, an edit of the slide on screen shows straight away
// (the slide stays for its time, counted from when it came up), and a slide on screen that
// was removed gives way to what followed it.
import type { PlayerSlide } from '../api/playlist';
import { campaignsOnAir } from './on-air';
import { loopOf, nearestShowing, nextPosition, slideAt, slideOf, type PlayingList, type Position } from './position';

/**
 * Where the show goes when a campaign came on air with `list` (a daypart opened): the first
 * place of its slides or spots in `again` (the loop on screen made again from `list`); when
 * the venue's content of this loop does not reach it, this loop made again with the venue's
 * content from that campaign's first slide. Null when none came on air.
 */
export function cameOnAir(pos: Position, list: PlayingList, again: Position): Position | null {
  const before = campaignsOnAir(pos.version);
  const now = campaignsOnAir(list.version);
  if (before.list !== now.list) return null;
  const had = new Set(before.campaigns);
  const opened = (s: PlayerSlide) => !had.has(s.campaign_id);
  const index = again.slides.findIndex(opened);
  if (index >= 0) return { ...again, index };
  const venueAt = list.slides.findIndex(opened);
  if (venueAt < 0) return null;
  const from = loopOf(list, again.seq, pos.loop, venueAt);
  const at = from.slides.findIndex(opened);
  return at >= 0 ? { ...from, index: at } : null;
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
  if (!shown || list.version === pos.version) return null;
  // The loop on screen, made again from the new list (same loop, same venue content).
  const again = loopOf(list, pos.seq + 1, pos.loop, pos.venueStart);
  if (again.slides.length === 0) return null;
  const opened = cameOnAir(pos, list, again);
  if (opened) return { target: opened, edited: null };
  const at = nearestShowing(again.slides, shown.id, pos.index);
  const fresh = at >= 0 ? again.slides[at]! : slideOf(list, shown.id);
  if (fresh && looks(fresh) === looks(shown) && fresh.duration === shown.duration) return null;
  // Removed (or edited while its spot's turn moved out of this loop): on to what follows.
  if (!fresh || at < 0) return { target: nextPosition(pos, list), edited: null };
  return { target: { ...again, index: at, seq: pos.seq }, edited: { before: shown, after: fresh } };
}
