// Where the slideshow is and where it goes next. The player holds one position: the loop it
// plays (built from the playlist: the venue's slides on air and the network campaigns' spots
// booked on the screen, spot-loop.ts), which loop of the show that is and where the venue's
// content stands in it, its files' links, its version and the index in it. A slide may stand
// several times in a loop (priority, or venue content repeated between spots); the show moves
// on by place in the same loop, to the next loop at its end (the spots' slides take their
// turn, the venue's content carries on), and after the same slide in a changed playlist.
// Videos that cannot be played now are stepped over. Without spots a loop is the venue's
// slides, as it always was.
import { dynamicRequestKey, isUnavailable } from '@/components/dynamic-content/wall-data';
import { spotSlides, type PlaylistSpot } from '@/entities/playlist/playlist';
import { isDynamicContentType, type DynamicContentSettings } from '@/lib/dynamic-content';
import { playSeconds } from '@/entities/slide/slide';
import { mediaKey, slideMedia } from '@/entities/slide/slide-images';
import type { PlayerSlide } from '../api/playlist';
import { isVideoFailing } from './preload';
import { buildLoop, type LoopSpot } from './spot-loop';

/** What of a playlist the show plays. */
export interface PlayingList {
  /** The venue's own slides on air, in loop order. */
  slides: PlayerSlide[];
  /** The network campaigns booked on the screen that are on air (none: the venue's slides only). */
  spots?: readonly PlaylistSpot[];
  /** The screen's loop length in seconds (spots play only in a loop of known length). */
  loop_seconds?: number | null;
  media: { urls: Record<string, string> };
  version: string;
}

export interface Position {
  /** What plays in this loop, in order: the venue's slides, and the booked spots at their slots. */
  slides: PlayerSlide[];
  media: Record<string, string>;
  version: string;
  index: number;
  /** Counts switches, so a one-slide loop restarts its progress bar. */
  seq: number;
  /** Which loop of the show this is (the first is 0): the spots' slides take turns by it. */
  loop: number;
  /** Where in the venue's slides this loop's venue content began, and where the next loop's begins. */
  venueStart: number;
  venueNext: number;
  /** How many venue slides the list held: a list of the same version with others is read afresh. */
  venueCount: number;
}

/** A spot's slides as the player shows them, made once per spot read. */
const slidesOfSpot = new WeakMap<PlaylistSpot, PlayerSlide[]>();

function loopSpot(spot: PlaylistSpot): LoopSpot<PlayerSlide> {
  let slides = slidesOfSpot.get(spot);
  if (!slides) {
    slides = spotSlides(spot);
    slidesOfSpot.set(spot, slides);
  }
  return { campaign: spot.campaign_id, spotsPerLoop: spot.spots_per_loop, spotSeconds: spot.spot_seconds, slides };
}

/** Loop `loop` of `list`, its venue content from `venueStart`: the show at its first place, as the `seq`-th switch. */
export function loopOf(list: PlayingList, seq: number, loop = 0, venueStart = 0): Position {
  const spots = list.spots ?? [];
  const loopSeconds = list.loop_seconds ?? 0;
  const base = { media: list.media.urls, version: list.version, index: 0, seq, loop, venueCount: list.slides.length };
  if (spots.length === 0 || !(loopSeconds > 0)) {
    // Nothing sold on air: the venue's loop, the very list, as the screen always played it.
    return { ...base, slides: list.slides, venueStart: 0, venueNext: 0 };
  }
  const built = buildLoop({
    loopSeconds,
    spots: spots.map(loopSpot),
    venue: list.slides,
    loop,
    venueStart,
    seconds: playSeconds,
  });
  return { ...base, slides: built.items.map((item) => item.slide), venueStart, venueNext: built.venueNext };
}

/** Where a show starts: the first place of its first loop. */
export const firstPosition = (list: PlayingList) => loopOf(list, 0);

/** The slide at `pos` (none in an empty list). */
export const slideAt = (pos: Position): PlayerSlide | undefined => pos.slides[pos.index];

/** How long a slide stays on screen, in ms (10 s when it has no valid duration). */
export function slideMs(slide: PlayerSlide | undefined): number {
  return playSeconds(slide) * 1000;
}

/** `index` within a list of `length` (0 in an empty one). */
const wrap = (index: number, length: number) => (length === 0 ? 0 : index % length);

/** Where slide `id` stands in `slides`, the showing nearest to `index` (-1 when it does not). */
export function nearestShowing(slides: readonly PlayerSlide[], id: string, index: number): number {
  let best = -1;
  slides.forEach((slide, i) => {
    if (slide.id === id && (best < 0 || Math.abs(i - index) < Math.abs(best - index))) best = i;
  });
  return best;
}

/** Slide `id` of `list`, the venue's or a spot's (undefined when the list no longer holds it). */
export function slideOf(list: PlayingList, id: string): PlayerSlide | undefined {
  return (
    list.slides.find((s) => s.id === id) ??
    (list.spots ?? []).flatMap((spot) => loopSpot(spot).slides).find((s) => s.id === id)
  );
}

/** The first place of the loop after the one `pos` is in (the spots' next turns, the venue's content on from there). */
const nextLoop = (pos: Position, list: PlayingList, seq: number) => loopOf(list, seq, pos.loop + 1, pos.venueNext);

/**
 * Where the show goes after `pos`, in the newest playlist: the next place in the same loop, the
 * next loop after its last; in a changed playlist, this loop made again from it, after the
 * same slide if it is still in it (else what took its place).
 */
export function nextPosition(pos: Position, list: PlayingList): Position {
  const seq = pos.seq + 1;
  if (list.version === pos.version && list.slides.length === pos.venueCount) {
    if (pos.index + 1 < pos.slides.length) return { ...pos, media: list.media.urls, index: pos.index + 1, seq };
    return nextLoop(pos, list, seq);
  }
  const again = loopOf(list, seq, pos.loop, pos.venueStart);
  const id = slideAt(pos)?.id;
  const same = id === undefined ? -1 : nearestShowing(again.slides, id, pos.index);
  // Gone from the list: what took its place. Still in it but not in this loop (a spot's turn
  // moved): what came after it.
  const index = same >= 0 ? same + 1 : id !== undefined && slideOf(list, id) ? pos.index + 1 : pos.index;
  return index < again.slides.length ? { ...again, index } : nextLoop(again, list, seq);
}

/** The place before `pos` in its own loop (the left arrow key). */
export const previousPosition = (pos: Position): Position => ({
  ...pos,
  index: wrap(pos.index - 1 + pos.slides.length, pos.slides.length),
  seq: pos.seq + 1,
});

/** The picture of the slide at `pos`: its URL and whether it is a video. */
export function mediaOf(pos: Position): { url: string | undefined; video: boolean } {
  const slide = slideAt(pos);
  const media = slide ? slideMedia(slide) : null;
  const url = media ? pos.media[mediaKey(media)] : undefined;
  return { url, video: media?.kind === 'video' };
}

/**
 * True when `slide` is a dynamic slide a wall found nothing true to show for lately (no live
 * data and none kept younger than a day: wall-data.ts); it is tried again after a while.
 */
export function isDynamicUnavailable(slide: PlayerSlide | undefined): boolean {
  const key = dynamicKeyOf(slide);
  return key !== null && isUnavailable(key);
}

/** The dynamic-content request of a dynamic slide (wall-data.ts), null for any other slide. */
export function dynamicKeyOf(slide: PlayerSlide | undefined): string | null {
  if (!slide || slide.content_type !== 'dynamic' || !isDynamicContentType(slide.slide_type)) return null;
  const settings =
    slide.settings && typeof slide.settings === 'object' && !Array.isArray(slide.settings)
      ? (slide.settings as DynamicContentSettings)
      : null;
  return dynamicRequestKey(slide.slide_type, settings);
}

/**
 * True when the slide at `pos` is to skip for now: a video that failed lately or has no link,
 * or a dynamic slide with nothing true to show.
 */
export function isSkipped(pos: Position): boolean {
  if (isDynamicUnavailable(slideAt(pos))) return true;
  const { url, video } = mediaOf(pos);
  return video && (url === undefined || isVideoFailing(url));
}

/** The next position after `pos` whose slide is not a video to skip (the plain next when all are). */
export function nextPlayable(pos: Position, list: PlayingList): Position {
  let next = nextPosition(pos, list);
  for (let i = 1; i < next.slides.length && isSkipped(next); i++) next = nextPosition(next, list);
  return isSkipped(next) ? nextPosition(pos, list) : next;
}
