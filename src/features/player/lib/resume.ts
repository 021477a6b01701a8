// Where the show was, kept on the device, so a reload for any reason (a remote command, a
// crash, a power cut, an update) resumes the loop where it was: the same slide, for what was
// left of its time, instead of slide 1. The place is written at each switch, with the moment
// the slide came up (wall-clock time, so the reload's own seconds count as shown).
import { firstPosition, loopOf, nearestShowing, slideAt, slideMs, type PlayingList, type Position } from './position';

/** A place older than this is not resumed (the loop starts again). */
export const RESUME_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A resumed slide stays at least this long, so it is seen while the next one is got ready. */
export const RESUME_MIN_MS = 1000;

export interface SavedPlace {
  slideId: string;
  /** Its place in its loop (a slide may stand several times in one). */
  index: number;
  /** Which loop of the show, and where the venue's content stood in it (spots: spot-loop.ts). */
  loop: number;
  venueStart: number;
  /** When the slide came up (ms since the epoch). */
  shownAt: number;
}

const storageKey = (screen: string) => `signage-player:place:${screen}`;

/** Keeps the place of the show on `screen` (a device id, or 'own' for a paired screen). */
export function savePlace(screen: string, place: SavedPlace): void {
  try {
    localStorage.setItem(storageKey(screen), JSON.stringify(place));
  } catch {
    // Without storage a reload starts the loop again.
  }
}

export function loadPlace(screen: string): SavedPlace | null {
  try {
    const raw = localStorage.getItem(storageKey(screen));
    if (!raw) return null;
    const place = JSON.parse(raw) as Partial<SavedPlace>;
    if (
      typeof place.slideId !== 'string' ||
      typeof place.index !== 'number' ||
      typeof place.shownAt !== 'number' ||
      typeof place.loop !== 'number' ||
      typeof place.venueStart !== 'number'
    ) {
      return null;
    }
    return place as SavedPlace;
  } catch {
    return null;
  }
}

/** The place of the show at `pos`, its slide up since `shownAt`. */
export function placeOf(pos: Position, shownAt: number): SavedPlace | null {
  const slide = slideAt(pos);
  if (!slide) return null;
  return { slideId: slide.id, index: pos.index, loop: pos.loop, venueStart: pos.venueStart, shownAt };
}

/**
 * Where a show of `list` starts at `now` (ms since the epoch): at the kept place when its slide
 * is still in the list, for what is left of its time (at least RESUME_MIN_MS), else at the
 * first place with the whole time (remainingMs null).
 */
export function resumeShow(
  list: PlayingList,
  saved: SavedPlace | null,
  now: number,
): { pos: Position; remainingMs: number | null } {
  const first = firstPosition(list);
  if (!saved || now - saved.shownAt > RESUME_MAX_AGE_MS || saved.shownAt > now + 60_000) {
    return { pos: first, remainingMs: null };
  }
  let loop = loopOf(list, 0, saved.loop, saved.venueStart);
  let index = nearestShowing(loop.slides, saved.slideId, saved.index);
  if (index < 0) {
    loop = first;
    index = nearestShowing(first.slides, saved.slideId, saved.index);
  }
  if (index < 0) return { pos: first, remainingMs: null };
  const pos = { ...loop, index };
  const elapsed = Math.max(0, now - saved.shownAt);
  return { pos, remainingMs: Math.max(RESUME_MIN_MS, slideMs(slideAt(pos)) - elapsed) };
}
