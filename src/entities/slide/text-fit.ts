// Fitting a static slide's title and content text to its box: the largest size at which the
// text fits with nothing cut off, found with a few measurements (a binary search on the size).
// Sizes are in cqmin, hundredths of the screen's shorter side, so a slide keeps the same look
// on a 1080p screen, a 4K one and the builder's small preview (1 cqmin is 10.8 px at 1080p).
// This module holds the rule; FittedText measures the page with it.

/** The content text's size range and the title's size relative to it, in cqmin. */
export const TEXT_SIZE = {
  /** The largest content text (70 px on a 1080p screen): a few words never shout. */
  max: 6.5,
  /**
   * Under this the content text is small on the screen (36 px at 1080p, read from about 2 m
   * on a 55-inch screen): the preview warns, and words are never broken to stay above it.
   */
  legible: 3.3,
  /** The smallest size tried, for old slides with more text than the limits allow. */
  floor: 0.6,
  /** The title is this many times the content text's size ... */
  titleRatio: 2,
  /** ... up to this size (130 px at 1080p). */
  titleMax: 12,
} as const;

/** How close the search gets to the largest size that fits (0.5 px at 1080p). */
const PRECISION = 0.05;
/** Breaking words inside is worth it only for text this much larger than without. */
const WORD_BREAK_GAIN = 1.15;

/** Whether the text fits its box at content size `size` (cqmin); `breakWords` lets long words break. */
export type FitsAt = (size: number, breakWords: boolean) => boolean;

export interface TextFit {
  /** The content text's size in cqmin (the base size when the slide has only a title). */
  size: number;
  /** The title's size in cqmin. */
  titleSize: number;
  /** The smallest text on the slide in cqmin: the content, or the title when there is none. */
  smallest: number;
  /** Long words are broken inside to fit (only when that gives clearly larger text). */
  breaksWords: boolean;
  /** False only when the text does not fit even at the floor size (old, over-long slides). */
  fits: boolean;
  /** The smallest text is at least the legible size. */
  legible: boolean;
}

export const titleSizeFor = (size: number) => Math.min(size * TEXT_SIZE.titleRatio, TEXT_SIZE.titleMax);

/** The CSS font sizes of a fitted box, from the size custom property FittedText sets. */
export const FIT_PROPERTY = '--slide-text-size';
const sizeVar = `var(${FIT_PROPERTY}, ${TEXT_SIZE.max})`;
export const CONTENT_FONT_SIZE = `calc(${sizeVar} * 1cqmin)`;
export const TITLE_FONT_SIZE = `calc(min(${sizeVar} * ${TEXT_SIZE.titleRatio}, ${TEXT_SIZE.titleMax}) * 1cqmin)`;
export const TEXT_GAP = `calc(${sizeVar} * 0.6cqmin)`;

/**
 * The largest size in [min, max] for which `fits` holds, to within PRECISION, or null when
 * even `min` does not fit. Text grows with its size, so a binary search finds it: one
 * measurement when everything fits at `max`, about log2((max - min) / PRECISION) otherwise.
 */
export function largestFitting(fits: (size: number) => boolean, min: number, max: number): number | null {
  if (fits(max)) return max;
  if (!fits(min)) return null;
  let low = min;
  let high = max;
  while (high - low > PRECISION) {
    const middle = (low + high) / 2;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

function result(size: number, hasContent: boolean, breaksWords: boolean, fits: boolean): TextFit {
  const titleSize = titleSizeFor(size);
  const smallest = hasContent ? size : titleSize;
  return { size, titleSize, smallest, breaksWords, fits, legible: smallest >= TEXT_SIZE.legible - 1e-9 };
}

/**
 * The size a slide's text is shown at: the largest that fits with whole words and is legible;
 * failing that, the larger of the largest with whole words and (clearly larger) the largest
 * with long words broken; failing even that, the floor (an old slide with too much text).
 */
export function fitText(fits: FitsAt, { hasContent }: { hasContent: boolean }): TextFit {
  // With only a title, the title's size is what must stay legible.
  const legibleSize = hasContent ? TEXT_SIZE.legible : TEXT_SIZE.legible / TEXT_SIZE.titleRatio;
  const whole = largestFitting((size) => fits(size, false), legibleSize, TEXT_SIZE.max);
  if (whole !== null) return result(whole, hasContent, false, true);

  const small = largestFitting((size) => fits(size, false), TEXT_SIZE.floor, legibleSize);
  const broken = largestFitting((size) => fits(size, true), small ?? TEXT_SIZE.floor, TEXT_SIZE.max);
  if (broken !== null && (small === null || broken > small * WORD_BREAK_GAIN)) {
    return result(broken, hasContent, true, true);
  }
  if (small !== null) return result(small, hasContent, false, true);
  return result(TEXT_SIZE.floor, hasContent, true, false);
}

/** A size in cqmin as pixels on a screen of `width` × `height`. */
export const pixelsOn = (cqmin: number, { width, height }: { width: number; height: number }) =>
  (cqmin * Math.min(width, height)) / 100;
