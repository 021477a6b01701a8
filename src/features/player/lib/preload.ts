// Getting the next slide's picture ready before it is shown, so the switch to it paints it
// whole in the very next frame:
//  * an image is loaded and decoded (a broken one shows its placeholder);
//  * a video is loaded by its own <video> element in the hidden layer under the slide on
//    screen, and is ready once that element can play it through (or, rewound for another
//    showing, has its first frame again). A video that fails, or is not ready within
//    PRELOAD_LIMIT_MS, is remembered as failed for a while: the player skips it and says so
//    in the heartbeat's diagnostics, never on the wall.
import { clearProblem, reportProblem } from '@/lib/diagnostics';

const pending = new Map<string, Promise<void>>();

/** Longest wait for an image or a video before the player moves on without it. */
export const PRELOAD_LIMIT_MS = 15_000;
/** A failed video is skipped for this long, then tried again. */
export const FAILED_VIDEO_RETRY_MS = 60_000;

/** Resolves when the image at `src` is loaded and decoded (or failed: the slide shows its placeholder). */
export function preloadImage(src: string | undefined): Promise<void> {
  if (!src || typeof Image === 'undefined') return Promise.resolve();
  const known = pending.get(src);
  if (known) return known;
  const image = new Image();
  image.decoding = 'async';
  image.src = src;
  const ready: Promise<void> =
    typeof image.decode === 'function' ? image.decode().catch(() => undefined) : Promise.resolve();
  pending.set(src, ready);
  return ready;
}

/** Forgets decoded images that are no longer wanted. */
export function forgetPreloads(keep: ReadonlySet<string>) {
  for (const src of pending.keys()) if (!keep.has(src)) pending.delete(src);
}

/** `promise`, or `fallback` after `ms`. */
export function withLimit(promise: Promise<void>, ms?: number): Promise<void>;
export function withLimit<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T>;
export function withLimit<T>(promise: Promise<T>, ms = PRELOAD_LIMIT_MS, fallback?: T): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

// Images in layers ---------------------------------------------------------------------------

/** Each image layer's own <img> (by layer key): ready once it is loaded and decoded, or broken (its placeholder shows). */
const imageLayers = new Map<string, { ready: boolean; waiters: ((outcome: ImageOutcome) => void)[] }>();

/** What became of a layer's image the player waited for: loaded (or broken), or its layer left the page. */
export type ImageOutcome = 'ready' | 'gone';

/** A layer's <img> is loaded and decoded (or broken). Its load may come before its layer's effect. */
export function imageLayerReady(key: string) {
  const state = imageLayers.get(key);
  if (!state) {
    imageLayers.set(key, { ready: true, waiters: [] });
    return;
  }
  state.ready = true;
  const waiters = state.waiters;
  state.waiters = [];
  for (const resolve of waiters) resolve('ready');
}

/** A layer's <img> is in the page (loading, or loaded already). */
export function imageLayerMounted(key: string) {
  if (!imageLayers.has(key)) imageLayers.set(key, { ready: false, waiters: [] });
}

/** A layer's <img> left the page. */
export function imageLayerGone(key: string) {
  const state = imageLayers.get(key);
  imageLayers.delete(key);
  for (const resolve of state?.waiters ?? []) resolve('gone');
}

/** Resolves once the layer's own <img> is loaded and decoded (it may not be in the page yet), or its layer left. */
export function imageLayerOutcome(key: string): Promise<ImageOutcome> {
  const state = imageLayers.get(key);
  if (state?.ready) return Promise.resolve('ready');
  return new Promise((resolve) => {
    if (state) state.waiters.push(resolve);
    else imageLayers.set(key, { ready: false, waiters: [resolve] });
  });
}

// Videos ------------------------------------------------------------------------------------

/** What became of a video the player waited for. */
export type VideoOutcome = 'ready' | 'failed' | 'gone';

interface VideoElementState {
  /** False while only waited for (its layer is not in the page yet). */
  mounted: boolean;
  ready: boolean;
  waiters: ((outcome: VideoOutcome) => void)[];
}

/** The mounted video elements, by layer key (a slide on screen or waiting under it). */
const elements = new Map<string, VideoElementState>();
/** Videos that failed lately, by URL. */
const failures = new Map<string, { at: number; title: string; reason: string }>();
const listeners = new Set<() => void>();
let failureVersion = 0;

/** The key of a layer's image or video element: one slide showing one file. */
export const mediaLayerKey = (slideId: string, src: string) => `${slideId} ${src}`;

function settle(key: string, outcome: VideoOutcome) {
  const state = elements.get(key);
  if (!state) return;
  const waiters = state.waiters;
  state.waiters = [];
  for (const resolve of waiters) resolve(outcome);
}

function failuresChanged() {
  failureVersion += 1;
  const lines = [...failures.values()].map((f) => `"${f.title}" (${f.reason})`);
  if (lines.length === 0) clearProblem('video');
  else reportProblem('video', `${lines.length === 1 ? 'skipped' : `${lines.length} skipped`}: ${lines.join(', ')}`);
  for (const listener of listeners) listener();
}

/** A layer's video element is in the page (loading). */
export function videoMounted(key: string) {
  const known = elements.get(key);
  if (known) known.mounted = true;
  else elements.set(key, { mounted: true, ready: false, waiters: [] });
}

/** True when the layer's video element is in the page. */
export const isVideoMounted = (key: string) => elements.get(key)?.mounted ?? false;

/** A layer's video element left the page: whoever waited for it looks again. */
export function videoUnmounted(key: string) {
  settle(key, 'gone');
  elements.delete(key);
}

/** A layer's video can be shown (true) or is loading or rewinding again (false). */
export function videoReadyChange(key: string, src: string, ready: boolean) {
  let state = elements.get(key);
  if (!state) {
    state = { mounted: true, ready, waiters: [] };
    elements.set(key, state);
  }
  state.ready = ready;
  if (!ready) return;
  settle(key, 'ready');
  if (failures.delete(src)) failuresChanged();
}

/** A video cannot be played: it is skipped for a while and the heartbeat says why. */
export function videoFailed(key: string | null, src: string, title: string, reason: string) {
  failures.set(src, { at: Date.now(), title, reason });
  failuresChanged();
  if (key) settle(key, 'failed');
}

/** True while the video at `src` is to be skipped (it is tried again after a while; the diagnostics keep it until it plays). */
export function isVideoFailing(src: string): boolean {
  const failure = failures.get(src);
  return failure !== undefined && Date.now() - failure.at < FAILED_VIDEO_RETRY_MS;
}

/** Resolves once the layer's video is ready, has failed, or left the page. */
export function videoOutcome(key: string): Promise<VideoOutcome> {
  const state = elements.get(key);
  if (state?.ready) return Promise.resolve('ready');
  return new Promise((resolve) => {
    const known = elements.get(key);
    if (known) known.waiters.push(resolve);
    else {
      // Not mounted yet: wait for it.
      elements.set(key, { mounted: false, ready: false, waiters: [resolve] });
    }
  });
}

/** Subscribes to changes of the failed videos (for useSyncExternalStore). */
export function subscribeVideoFailures(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const videoFailuresVersion = () => failureVersion;

/** Forgets every video state (tests). */
export function resetVideoStates() {
  elements.clear();
  imageLayers.clear();
  failures.clear();
  failuresChanged();
}
