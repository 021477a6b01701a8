// Where the slideshow is and where it goes next. The player holds one position: the playlist
// it plays (its slides, their files' links and its version) and the index in it. A slide may
// stand several times in a loop (priority); the show moves on by place in the same loop, and
// after the same slide in a changed one. Videos that cannot be played now are stepped over.
import { playSeconds } from '@/entities/slide/slide';
import { mediaKey, slideMedia } from '@/entities/slide/slide-images';
import type { PlayerSlide } from '../api/playlist';
import { isVideoFailing } from './preload';

/** What of a playlist the show plays: its slides in loop order, its files' links, its version. */
export interface PlayingList {
  slides: PlayerSlide[];
  media: { urls: Record<string, string> };
  version: string;
}

export interface Position {
  slides: PlayerSlide[];
  media: Record<string, string>;
  version: string;
  index: number;
  /** Counts switches, so a one-slide loop restarts its progress bar. */
  seq: number;
}

/** The place `index` of `list`, as the `seq`-th switch. */
export const positionIn = (list: PlayingList, index: number, seq: number): Position => ({
  slides: list.slides,
  media: list.media.urls,
  version: list.version,
  index,
  seq,
});

/** Where a show starts: the first slide of the list. */
export const firstPosition = (list: PlayingList) => positionIn(list, 0, 0);

/** The slide at `pos` (none in an empty list). */
export const slideAt = (pos: Position): PlayerSlide | undefined => pos.slides[pos.index];

/** How long a slide stays on screen, in ms (10 s when it has no valid duration). */
export function slideMs(slide: PlayerSlide | undefined): number {
  return playSeconds(slide) * 1000;
}

/** `index` within a list of `length` (0 in an empty one). */
const wrap = (index: number, length: number) => (length === 0 ? 0 : index % length);

/**
 * Where the show goes after `pos`, in the newest playlist: the next place in the same loop (a
 * slide may play several times in a loop), or after the same slide in a changed one if it is
 * still there.
 */
export function nextPosition(pos: Position, list: PlayingList): Position {
  const slides = list.slides;
  if (list.version === pos.version && slides.length === pos.slides.length)
    return positionIn(list, wrap(pos.index + 1, slides.length), pos.seq + 1);
  const currentId = slideAt(pos)?.id;
  const same = slides.findIndex((s) => s.id === currentId);
  const index = same >= 0 ? wrap(same + 1, slides.length) : wrap(pos.index, slides.length);
  return positionIn(list, index, pos.seq + 1);
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

/** True when the slide at `pos` is a video to skip for now: it failed lately, or there is no link to it. */
export function isSkipped(pos: Position): boolean {
  const { url, video } = mediaOf(pos);
  return video && (url === undefined || isVideoFailing(url));
}

/** The next position after `pos` whose slide is not a video to skip (the plain next when all are). */
export function nextPlayable(pos: Position, list: PlayingList): Position {
  let next = nextPosition(pos, list);
  for (let i = 1; i < next.slides.length && isSkipped(next); i++) next = nextPosition(next, list);
  return isSkipped(next) ? nextPosition(pos, list) : next;
}
