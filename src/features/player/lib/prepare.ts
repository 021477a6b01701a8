// Getting the slide the show goes to ready before the switch: an image loaded and decoded by
// its own element in a hidden layer, a video loaded by its own element likewise (see preload.ts), a dynamic slide's data
// found (wall-data.ts). A video that cannot be
// played, or a dynamic slide with nothing true to show, is stepped over, to what comes after
// it in the newest playlist.
import {
  imageLayerOutcome,
  isVideoFailing,
  isVideoMounted,
  preloadImage,
  PRELOAD_LIMIT_MS,
  videoFailed,
  mediaLayerKey,
  videoOutcome,
  withLimit,
} from './preload';
import { dynamicSettled } from '@/components/dynamic-content/wall-data';
import {
  dynamicKeyOf,
  isDynamicUnavailable,
  mediaOf,
  nextPosition,
  slideAt,
  type PlayingList,
  type Position,
} from './position';

/**
 * Resolves with `target` once its picture is ready to be shown, or with what comes after it
 * when it is a video that cannot be played (null when nothing can, or when `cancelled()`).
 * `onWait` hears of an image or video being waited for (its layer must be in the page while it loads).
 */
export async function prepare(
  target: Position,
  latest: () => PlayingList,
  cancelled: () => boolean,
  onWait: (position: Position) => void,
): Promise<Position | null> {
  let candidate = target;
  for (let attempt = 0; attempt <= candidate.slides.length; attempt++) {
    const { url, video } = mediaOf(candidate);
    const slide = slideAt(candidate)!;
    const dynamicKey = dynamicKeyOf(slide);
    if (dynamicKey !== null) {
      // Its layer finds out what it can show (live or kept data, or nothing) before the switch.
      if (!isDynamicUnavailable(slide)) {
        onWait(candidate);
        await withLimit(dynamicSettled(dynamicKey));
        if (cancelled()) return null;
      }
      // Nothing true to show (no live data, none kept): stepped over like a failed video.
      if (isDynamicUnavailable(slide)) {
        candidate = nextPosition(candidate, latest());
        continue;
      }
      return candidate;
    }
    if (!video) {
      if (url === undefined) return candidate;
      // Its layer mounts hidden (or is the hidden next one already): its own <img>, loaded and
      // decoded, is what the switch shows (a detached preload says nothing of that element).
      onWait(candidate);
      void preloadImage(url);
      const outcome = await withLimit(
        imageLayerOutcome(mediaLayerKey(slide.id, url)),
        PRELOAD_LIMIT_MS,
        'timeout' as const,
      );
      if (cancelled()) return null;
      if (outcome === 'gone') {
        // Its layer left (a new link for the file): the same slide with the newest links.
        candidate = { ...candidate, media: latest().media.urls };
        continue;
      }
      // Loaded, or not within the limit (a very slow device): it shows as it comes.
      return candidate;
    }
    if (url === undefined || isVideoFailing(url)) {
      candidate = nextPosition(candidate, latest());
      continue;
    }
    const key = mediaLayerKey(slide.id, url);
    onWait(candidate);
    const outcome = await withLimit(videoOutcome(key), PRELOAD_LIMIT_MS, 'timeout' as const);
    if (cancelled()) return null;
    if (outcome === 'ready') return candidate;
    if (outcome === 'gone') {
      // Its layer left (a new link for the file): the same slide with the newest links.
      candidate = { ...candidate, media: latest().media.urls };
      continue;
    }
    if (outcome === 'timeout' && isVideoMounted(key)) {
      videoFailed(key, url, slide.title || 'Untitled video', `not ready after ${PRELOAD_LIMIT_MS / 1000} s`);
    }
    candidate = nextPosition(candidate, latest());
  }
  return null;
}
