import { Pause, Play, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loopOrder } from '@/entities/playlist/loop';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Slide } from '@/entities/slide/slide';
import { slideMedia } from '@/entities/slide/slide-images';
import { slideTitle } from './slide-row';
import { PREVIEW_SCREENS, ScreenFrame, SlideView } from '@/entities/slide/slide-view';
import type { TextFit } from '@/entities/slide/text-fit';
import type { Orientation } from '@/entities/device/device-rules';
import { mediaKeys } from '../api/media';
import { PreviewTextCheck, ScreenShapeToggle } from './preview-text-check';

export interface LivePreviewProps {
  slides: Slide[];
  /** The slide on show; null shows the hint. */
  currentId: string | null;
  playing: boolean;
  onShow: (id: string) => void;
  onPlayingChange: (playing: boolean) => void;
  onClose: () => void;
  /** The venue's time zone (IANA): dynamic slides show the venue's clock (the browser's when missing). */
  timeZone?: string;
}

/** One slide exactly as a screen renders it, its image or video signed as the player signs it. */
function PreviewSlide({
  slide,
  playing,
  timeZone,
  onTextFit,
}: {
  slide: Slide;
  playing: boolean;
  timeZone?: string;
  onTextFit: (fit: TextFit | null) => void;
}) {
  const media = slideMedia(slide);
  const link = useQuery({ ...mediaKeys.signedUrl(media?.path ?? '', media?.kind), enabled: Boolean(media) });
  return (
    <SlideView
      slide={slide}
      imageUrl={link.data ?? undefined}
      imageLoading={Boolean(media) && link.isPending}
      paused={!playing}
      timeZone={timeZone}
      onTextFit={onTextFit}
    />
  );
}

/**
 * The builder's preview: one slide, or the loop a screen plays while playing (the active
 * slides, each as often as its priority says, at their durations).
 */
export function LivePreview({
  slides,
  currentId,
  playing,
  onShow,
  onPlayingChange,
  onClose,
  timeZone,
}: LivePreviewProps) {
  const { t } = useTranslation('slides');
  const index = slides.findIndex((slide) => slide.id === currentId);
  const current = index >= 0 ? slides[index] : undefined;
  const loop = useMemo(() => loopOrder(slides.filter((slide) => slide.is_active)), [slides]);
  // Where in the loop the preview is (a slide may play several times in it).
  const [step, setStep] = useState(-1);
  const place = loop[step]?.id === currentId ? step : loop.findIndex((slide) => slide.id === currentId);
  // The screen the preview stands for, and the size its text was fitted at there.
  const [shape, setShape] = useState<Orientation>('landscape');
  const [textFit, setTextFit] = useState<TextFit | null>(null);

  // One timer per play, cleared on pause, on a change of slide and on unmount.
  useEffect(() => {
    if (!playing || !current || loop.length === 0) return;
    const timer = setTimeout(() => {
      const nextStep = (place + 1) % loop.length;
      const next = loop[nextStep];
      setStep(nextStep);
      if (next) onShow(next.id);
    }, current.duration * 1000);
    return () => clearTimeout(timer);
  }, [playing, current, place, loop, onShow]);

  return (
    <Card role="region" aria-labelledby="live-preview-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle id="live-preview-title" className="text-base whitespace-nowrap">
          {t('preview.title')}
        </CardTitle>
        <div className="flex gap-1">
          <Button
            size="sm"
            variant="outline"
            disabled={slides.length === 0}
            onClick={() => {
              if (!current && slides[0]) onShow(slides[0].id);
              onPlayingChange(!playing);
            }}
          >
            {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
            {playing ? t('preview.pause') : t('preview.play')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose} disabled={!current}>
            <X aria-hidden className="size-4" />
            {t('preview.close')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {current ? (
          <div className="space-y-2" aria-live="polite">
            <ScreenShapeToggle value={shape} onChange={setShape} />
            <ScreenFrame orientation={shape}>
              <PreviewSlide slide={current} playing={playing} timeZone={timeZone} onTextFit={setTextFit} />
            </ScreenFrame>
            <p className="text-sm break-words text-gray-600">
              <span className="font-medium text-gray-900">
                {t('preview.numbered', { number: index + 1, title: slideTitle(current) })}
              </span>{' '}
              · {t(`preview.types.${current.slide_type}`)} · {t('preview.seconds', { count: current.duration })}
              {playing && place >= 0 && loop.length > 0 && (
                <span className="text-gray-500">
                  {' '}
                  · {t('preview.loopPlace', { place: place + 1, total: loop.length })}
                </span>
              )}
            </p>
            {current.content_type === 'static' && (
              <PreviewTextCheck slide={current} fit={textFit} screen={PREVIEW_SCREENS[shape]} />
            )}
          </div>
        ) : (
          <p className="py-8 text-center text-sm text-gray-500">{t('preview.hint')}</p>
        )}
      </CardContent>
    </Card>
  );
}
