// Beside the Live Preview: which screen it shows (wide or tall), how much text the slide has
// against its limits, the size its text is fitted at on that screen, and a warning in words
// when that text will be small there.
import { RectangleHorizontal, RectangleVertical } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { focusRing } from '@/components/ui/button';
import type { Orientation } from '@/entities/device/device-rules';
import { charCount, TEXT_LIMITS, type SlideTextField } from '@/entities/slide/slide-text';
import { pixelsOn, TEXT_SIZE, type TextFit } from '@/entities/slide/text-fit';
import type { Slide } from '@/entities/slide/slide';
import { cn } from '@/utils/cn';

const SHAPES: { value: Orientation; Icon: typeof RectangleHorizontal }[] = [
  { value: 'landscape', Icon: RectangleHorizontal },
  { value: 'portrait', Icon: RectangleVertical },
];

/** Landscape or portrait: the screen the preview stands for. */
export function ScreenShapeToggle({ value, onChange }: { value: Orientation; onChange: (next: Orientation) => void }) {
  const { t } = useTranslation('builder');
  return (
    <div className="inline-flex rounded-md border border-gray-300" role="group" aria-label={t('textCheck.shape')}>
      {SHAPES.map(({ value: shape, Icon }) => (
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
          {t(`textCheck.${shape}`)}
        </button>
      ))}
    </div>
  );
}

const COUNT_KEYS = {
  title: { within: 'textCheck.titleCount', over: 'textCheck.titleCountOver' },
  content: { within: 'textCheck.contentCount', over: 'textCheck.contentCountOver' },
} as const;

function Count({ field, text }: { field: SlideTextField; text: string | null }) {
  const { t } = useTranslation('builder');
  const count = charCount(text);
  const over = count > TEXT_LIMITS[field];
  return (
    <span className={cn(over && 'font-medium text-danger-700')}>
      {t(COUNT_KEYS[field][over ? 'over' : 'within'], { chars: count, limit: TEXT_LIMITS[field] })}
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
  const { t } = useTranslation('builder');
  const size = { width: screen.width, height: screen.height };
  const smallKey = slide.content
    ? slide.image_url
      ? 'textCheck.smallContentImage'
      : 'textCheck.smallContent'
    : slide.image_url
      ? 'textCheck.smallTitleTextImage'
      : 'textCheck.smallTitleText';
  return (
    <div className="space-y-2 text-sm text-gray-600" data-testid="preview-text-check">
      <p>
        <Trans
          t={t}
          i18nKey="textCheck.counts"
          components={{
            title: <Count field="title" text={slide.title} />,
            content: <Count field="content" text={slide.content} />,
          }}
        />
      </p>
      {fit && (
        <p>
          {slide.content
            ? t('textCheck.sizes', { ...size, content: px(fit.size, screen), title: px(fit.titleSize, screen) })
            : t('textCheck.titleSize', { ...size, title: px(fit.titleSize, screen) })}
        </p>
      )}
      {fit && !fit.fits && (
        <Alert tone="warning" title={t('textCheck.cutTitle')}>
          {t('textCheck.cutBody', size)}
        </Alert>
      )}
      {fit && fit.fits && !fit.legible && (
        <Alert tone="warning" title={t('textCheck.smallTitle')}>
          {t(smallKey, { ...size, size: px(fit.smallest, screen), legible: px(TEXT_SIZE.legible, screen) })}
        </Alert>
      )}
    </div>
  );
}
