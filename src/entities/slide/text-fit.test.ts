import { describe, expect, it } from 'vitest';
import { fitText, largestFitting, pixelsOn, TEXT_SIZE, titleSizeFor, type FitsAt } from './text-fit';

/**
 * A box of `width` × `height` (in cqmin) holding `chars` characters of text in words of
 * `word` characters: characters half as wide as the size, lines 1.35 times as high, and a
 * word longer than the line sticks out unless words may break.
 */
function box({ width, height, chars, word = 6 }: { width: number; height: number; chars: number; word?: number }) {
  let measured = 0;
  const fits: FitsAt = (size, breakWords) => {
    measured += 1;
    const charWidth = size * 0.5;
    if (!breakWords && word * charWidth > width) return false;
    const lines = breakWords
      ? Math.ceil(chars / Math.max(1, Math.floor(width / charWidth)))
      : Math.ceil(Math.ceil(chars / (word + 1)) / Math.max(1, Math.floor((width / charWidth + 1) / (word + 1))));
    return lines * size * 1.35 <= height;
  };
  return { fits, measured: () => measured };
}

describe('largestFitting', () => {
  it('answers the largest size that fits to within 0.05, in a few measurements', () => {
    let measured = 0;
    const size = largestFitting(
      (s) => {
        measured += 1;
        return s <= 4.321;
      },
      TEXT_SIZE.floor,
      TEXT_SIZE.max,
    );
    expect(size).toBeLessThanOrEqual(4.321);
    expect(size).toBeGreaterThan(4.321 - 0.05);
    expect(measured).toBeLessThanOrEqual(9);
  });

  it('measures once when the largest size fits, and says so when even the smallest does not', () => {
    let measured = 0;
    expect(largestFitting(() => (measured += 1) > 0, 1, 6)).toBe(6);
    expect(measured).toBe(1);
    expect(largestFitting(() => false, 1, 6)).toBeNull();
  });
});

describe('fitText', () => {
  it('a short text gets the largest size, its title twice that up to the title maximum', () => {
    const { fits, measured } = box({ width: 90, height: 80, chars: 20 });
    const fit = fitText(fits, { hasContent: true });
    expect(fit).toMatchObject({ size: TEXT_SIZE.max, fits: true, legible: true, breaksWords: false });
    expect(fit.titleSize).toBe(TEXT_SIZE.titleMax);
    expect(measured()).toBe(1);
  });

  it('a long text gets the largest size at which it fits, and no larger', () => {
    const { fits, measured } = box({ width: 80, height: 80, chars: 400 });
    const fit = fitText(fits, { hasContent: true });
    expect(fits(fit.size, false)).toBe(true);
    expect(fits(fit.size + 0.05, false)).toBe(false);
    expect(fit.size).toBeLessThan(TEXT_SIZE.max);
    expect(fit.titleSize).toBeCloseTo(titleSizeFor(fit.size));
    // The two checks above are two measurements of their own.
    expect(measured() - 2).toBeLessThanOrEqual(10);
  });

  it('says when the text is under the legible size', () => {
    const legible = fitText(box({ width: 80, height: 80, chars: 300 }).fits, { hasContent: true });
    expect(legible.legible).toBe(true);
    const small = fitText(box({ width: 40, height: 45, chars: 400 }).fits, { hasContent: true });
    expect(small).toMatchObject({ fits: true, legible: false, breaksWords: false });
    expect(small.size).toBeLessThan(TEXT_SIZE.legible);
  });

  it('judges a slide with only a title by its title', () => {
    const fit = fitText(box({ width: 40, height: 30, chars: 80 }).fits, { hasContent: false });
    expect(fit.smallest).toBe(fit.titleSize);
    expect(fit.legible).toBe(fit.titleSize >= TEXT_SIZE.legible);
  });

  it('keeps long words whole while that still gives legible text', () => {
    // A 14-character word fits a 40-wide line up to size 5.7.
    const fit = fitText(box({ width: 40, height: 100, chars: 30, word: 14 }).fits, { hasContent: true });
    expect(fit.breaksWords).toBe(false);
    expect(fit.size).toBeLessThanOrEqual(40 / 14 / 0.5);
    expect(fit.size).toBeGreaterThan(40 / 14 / 0.5 - 0.05);
  });

  it('breaks a word too long for any legible size, rather than shrinking everything to fit it', () => {
    // A 60-character word (a web address) fits a 40-wide line only at size 1.3 whole.
    const fit = fitText(box({ width: 40, height: 100, chars: 60, word: 60 }).fits, { hasContent: true });
    expect(fit.breaksWords).toBe(true);
    expect(fit.size).toBeGreaterThan(TEXT_SIZE.legible);
  });

  it('shrinks an old over-long text to the floor, and says when even that does not fit', () => {
    const fit = fitText(box({ width: 40, height: 20, chars: 20_000 }).fits, { hasContent: true });
    expect(fit).toMatchObject({ size: TEXT_SIZE.floor, fits: false, legible: false });
  });
});

describe('pixelsOn', () => {
  it('measures cqmin on the shorter side of the screen, wide or tall', () => {
    expect(pixelsOn(TEXT_SIZE.legible, { width: 1920, height: 1080 })).toBeCloseTo(35.64);
    expect(pixelsOn(TEXT_SIZE.legible, { width: 1080, height: 1920 })).toBeCloseTo(35.64);
    expect(pixelsOn(TEXT_SIZE.max, { width: 3840, height: 2160 })).toBeCloseTo(140.4);
  });
});
