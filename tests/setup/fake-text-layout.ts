// jsdom lays nothing out: scrollHeight, clientHeight and the like are 0. For tests of text
// fitting, this gives a slide's text box (the element marked data-slide-text) a size and
// measures its text the way a browser would, roughly: characters half as wide as the font
// size, lines wrapped at the box's width (at spaces only when words may not break), lines
// 1.15 (title) and 1.35 (content) times the font size high. Font sizes come from the size
// the fitting sets on the box (--slide-text-size, in cqmin of a screen of `screen`).
import { titleSizeFor } from '@/entities/slide/text-fit';

const CHAR_WIDTH = 0.5;

function linesOf(text: string, fontPx: number, width: number, breakWords: boolean): number {
  const charWidth = CHAR_WIDTH * fontPx;
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    // Greedy wrapping at spaces; a word longer than the line is broken where it may be.
    let line = 0;
    lines += 1;
    for (const word of paragraph.split(' ')) {
      let w = word.length * charWidth;
      const space = line === 0 ? 0 : charWidth;
      if (line > 0 && line + space + w > width) {
        lines += 1;
        line = 0;
      } else if (line > 0) line += space;
      while (breakWords && w > width) {
        lines += 1;
        w -= Math.floor(width / charWidth) * charWidth;
      }
      line += w;
    }
  }
  return lines;
}

export interface FakeTextLayout {
  /** How many times the box's overflow was read (one measurement reads scrollHeight once). */
  measurements: () => number;
  /** Gives the box another size (tests then call the ResizeObserver they caught). */
  resize: (width: number, height: number) => void;
  restore: () => void;
}

export function fakeTextLayout({
  width,
  height,
  screen = { width: 1920, height: 1080 },
}: {
  width: number;
  height: number;
  screen?: { width: number; height: number };
}): FakeTextLayout {
  const size = { width, height };
  let reads = 0;
  const cqmin = Math.min(screen.width, screen.height) / 100;

  const measure = (box: HTMLElement) => {
    const fit = Number.parseFloat(box.style.getPropertyValue('--slide-text-size') || '6.5');
    const breakWords = box.style.overflowWrap !== 'normal';
    const [title, content] = Array.from(box.querySelectorAll('p')).map((p) => p.textContent ?? '');
    const titlePx = titleSizeFor(fit) * cqmin;
    const contentPx = fit * cqmin;
    let textHeight = linesOf(title ?? '', titlePx, size.width, breakWords) * 1.15 * titlePx;
    if (content)
      textHeight += 0.6 * fit * cqmin + linesOf(content, contentPx, size.width, breakWords) * 1.35 * contentPx;
    const words = [
      ...(title ?? '').split(/\s+/).map((w) => w.length * CHAR_WIDTH * titlePx),
      ...(content ?? '').split(/\s+/).map((w) => w.length * CHAR_WIDTH * contentPx),
    ];
    const textWidth = breakWords ? size.width : Math.max(size.width, ...words);
    return { scrollHeight: Math.max(size.height, Math.ceil(textHeight)), scrollWidth: Math.ceil(textWidth) };
  };

  const isBox = (element: HTMLElement) => element.hasAttribute('data-slide-text');
  const define = (name: string, get: (element: HTMLElement) => number) =>
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return isBox(this) ? get(this) : 0;
      },
    });
  define('clientWidth', () => size.width);
  define('clientHeight', () => size.height);
  define('scrollHeight', (box) => {
    reads += 1;
    return measure(box).scrollHeight;
  });
  define('scrollWidth', (box) => measure(box).scrollWidth);

  return {
    measurements: () => reads,
    resize: (w, h) => {
      size.width = w;
      size.height = h;
    },
    restore: () => {
      for (const name of ['clientWidth', 'clientHeight', 'scrollHeight', 'scrollWidth']) {
        delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
      }
    },
  };
}
