// Beside the Live Preview: which screen it shows (wide or tall), how much text the slide has
// against its limits, the size its text is fitted at on that screen, and a warning in words
// when that text will be small there.
import { RectangleHorizontal, RectangleVertical } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { focusRing } from '@/components/ui/button';
import type { Orientation } from '@/entities/device/device-rules';
import { charCount, TEXT_LIMITS, type SlideTextField } from '@/entities/slide/slide-text';
import { pixelsOn, TEXT_SIZE, type TextFit } from '@/entities/slide/text-fit';
import type { Slide } from '@/entities/slide/slide';
import { cn } from '@/utils/cn';

const SHAPES: { value: Orientation; label: string; Icon: typeof RectangleHorizontal }[] = [
  { value: 'landscape', label: 'Landscape', Icon: RectangleHorizontal },
  { value: 'portrait', label: 'Portrait', Icon: RectangleVertical },
];

/** Landscape or portrait: the screen the preview stands for. */
export function ScreenShapeToggle({ value, onChange }: { value: Orientation; onChange: (next: Orientation) => void }) {
  return (
    <div className="inline-flex rounded-md border border-gray-300" role="group" aria-label="Screen shape">
      {SHAPES.map(({ value: shape, label, Icon }) => (
        <button
          key={shape}
          type="button"
          aria-pressed={value === shape}
          className={cn(
            'inline-flex items-center gap-1.5 px-2.5 py-1 text-sm',
            focusRing,
            value === shape ? 'bg-gray-100 text-gray-900' : 'text-gray-500',
          )}
          onClick={() => onChange(shape)}
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}

function Count({ field, label, text }: { field: SlideTextField; label: string; text: string | null }) {
  const count = charCount(text);
  const over = count > TEXT_LIMITS[field];
  return (
    <span className={cn(over && 'font-medium text-danger-700')}>
      {label} {count} / {TEXT_LIMITS[field]}
      {over && ' (over the limit)'}
    </span>
  );
}

const px = (cqmin: number, screen: { width: number; height: number }) => Math.round(pixelsOn(cqmin, screen));

export interface PreviewTextCheckProps {
  slide: Pick<Slide, 'title' | 'content' | 'image_url'>;
  /** The size the preview's text was fitted at; null when the slide shows no text. */
  fit: TextFit | null;
  screen: { width: number; height: number };
}

export function PreviewTextCheck({ slide, fit, screen }: PreviewTextCheckProps) {
  const where = `on a ${screen.width} × ${screen.height} screen`;
  const what = slide.content ? 'The content text' : 'The title';
  return (
    <div className="space-y-2 text-sm text-gray-600" data-testid="preview-text-check">
      <p>
        <Count field="title" label="Title" text={slide.title} /> ·{' '}
        <Count field="content" label="Content text" text={slide.content} /> characters
      </p>
      {fit && (
        <p>
          Text size {where}: {slide.content ? `${px(fit.size, screen)} px, title ` : 'title '}
          {px(fit.titleSize, screen)} px.
        </p>
      )}
      {fit && !fit.fits && (
        <Alert tone="warning" title="Text does not fit the screen">
          Even at its smallest size part of the text is cut off {where}. Shorten it.
        </Alert>
      )}
      {fit && fit.fits && !fit.legible && (
        <Alert tone="warning" title="Text will be small on the screen">
          {what} shows at {px(fit.smallest, screen)} px {where}, under the {px(TEXT_SIZE.legible, screen)} px that reads
          from about 2 m on a 55-inch screen. Shorten the text
          {slide.image_url ? ', or remove the image to give the text the whole screen.' : '.'}
        </Alert>
      )}
    </div>
  );
}
