import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/utils/cn';
import {
  CONTENT_FONT_SIZE,
  FIT_PROPERTY,
  fitText,
  TEXT_GAP,
  TITLE_FONT_SIZE,
  type FitsAt,
  type TextFit,
} from './text-fit';

/**
 * Whether the box's text fits at a size: the size is set on the box and its overflow read
 * back (scrollHeight and scrollWidth against its own size). Whole words are measured with
 * normal wrapping, where a word longer than the line sticks out and counts as not fitting.
 */
function measuring(box: HTMLElement): FitsAt {
  return (size, breakWords) => {
    box.style.setProperty(FIT_PROPERTY, String(size));
    box.style.overflowWrap = breakWords ? '' : 'normal';
    return box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth;
  };
}

function apply(box: HTMLElement, fit: TextFit) {
  box.style.setProperty(FIT_PROPERTY, String(fit.size));
  // Left to the class (overflow-wrap: anywhere): with whole words fitting it changes nothing,
  // and a resize before the next fit never pushes a word out of the box.
  box.style.overflowWrap = '';
  box.dataset.fitSize = fit.size.toFixed(2);
}

const sameFit = (a: TextFit | null, b: TextFit) =>
  a !== null && a.size === b.size && a.breaksWords === b.breaksWords && a.fits === b.fits;

export interface FittedTextProps {
  title: string;
  content: string | null;
  /** Told the fitted size whenever it changes, and null when the text leaves the screen. */
  onFit?: (fit: TextFit | null) => void;
  className?: string;
}

/**
 * A slide's title and content text at the largest size that fits its box (see text-fit.ts).
 * It is fitted before the browser paints: on mount (the player mounts the next slide hidden
 * under the current one, so it is fitted before it shows), when the text changes, when the
 * box changes size (a resized window, a portrait layout) and when web fonts finish loading.
 * The box never scrolls; centred text that does not fit would lose its top and bottom, so
 * the text is centred with auto margins, which leave any overflow at the bottom, where the
 * measurement sees it. A little padding inside the box keeps the glyphs that reach above
 * or below their lines (tall accents, descenders) inside it.
 */
export function FittedText({ title, content, onFit, className }: FittedTextProps) {
  const box = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<TextFit | null>(null);
  const reported = useRef(onFit);
  useEffect(() => {
    reported.current = onFit;
  }, [onFit]);

  const hasContent = Boolean(content);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    let measuredFor = '';
    const refit = (force: boolean) => {
      const shape = `${element.clientWidth}x${element.clientHeight}`;
      if (!force && shape === measuredFor) return;
      measuredFor = shape;
      const next = fitText(measuring(element), { hasContent });
      apply(element, next);
      setFit((current) => (sameFit(current, next) ? current : next));
    };
    refit(true);
    const observer = new ResizeObserver(() => refit(false));
    observer.observe(element);
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    const onFonts = () => refit(true);
    fonts?.addEventListener?.('loadingdone', onFonts);
    return () => {
      observer.disconnect();
      fonts?.removeEventListener?.('loadingdone', onFonts);
    };
  }, [title, content, hasContent]);

  useEffect(() => {
    if (fit) reported.current?.(fit);
  }, [fit]);
  useEffect(() => () => reported.current?.(null), []);

  return (
    <div
      ref={box}
      data-slide-text
      className={cn('flex h-full w-full overflow-hidden py-[1cqmin] text-center [overflow-wrap:anywhere]', className)}
    >
      <div className="m-auto flex w-full flex-col items-center" style={{ gap: TEXT_GAP }}>
        <p className="w-full leading-[1.15] font-bold text-white" style={{ fontSize: TITLE_FONT_SIZE }}>
          {title}
        </p>
        {content && (
          <p
            className="w-full leading-[1.35] whitespace-pre-line text-gray-300"
            style={{ fontSize: CONTENT_FONT_SIZE }}
          >
            {content}
          </p>
        )}
      </div>
    </div>
  );
}
