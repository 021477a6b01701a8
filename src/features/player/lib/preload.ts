// Loading and decoding a slide image before it is shown, so the switch to it paints the
// whole image in the very next frame.

const pending = new Map<string, Promise<void>>();

/** Longest wait for an image before the slide is shown anyway (as a placeholder if broken). */
export const PRELOAD_LIMIT_MS = 15_000;

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

/** `promise`, or nothing after `ms`. */
export function withLimit(promise: Promise<void>, ms = PRELOAD_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
