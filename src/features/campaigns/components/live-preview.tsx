import { Pause, Play, X } from 'lucide-react';
import { useEffect } from 'react';
import { DynamicContent } from '@/components/dynamic-content/dynamic-content';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SLIDE_TYPE_LABELS, type Slide } from '@/entities/slide/slide';
import { SlideImage } from './slide-image';
import { slideTitle } from './slide-row';
import { SlideTypeIcon } from './slide-type-icon';

export interface LivePreviewProps {
  slides: Slide[];
  /** The slide on show; null shows the hint. */
  currentId: string | null;
  playing: boolean;
  onShow: (id: string) => void;
  onPlayingChange: (playing: boolean) => void;
  onClose: () => void;
}

/** The builder's preview: one slide, or all of them in turn at their durations while playing. */
export function LivePreview({ slides, currentId, playing, onShow, onPlayingChange, onClose }: LivePreviewProps) {
  const index = slides.findIndex((slide) => slide.id === currentId);
  const current = index >= 0 ? slides[index] : undefined;

  // One timer per slide, cleared on pause, on a change of slide and on unmount.
  useEffect(() => {
    if (!playing || !current || slides.length === 0) return;
    const timer = setTimeout(() => {
      const next = slides[(index + 1) % slides.length];
      if (next) onShow(next.id);
    }, current.duration * 1000);
    return () => clearTimeout(timer);
  }, [playing, current, index, slides, onShow]);

  return (
    <Card aria-labelledby="live-preview-title">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id="live-preview-title" className="text-base whitespace-nowrap">
          Live Preview
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
            {playing ? 'Pause' : 'Play'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose} disabled={!current}>
            <X aria-hidden className="size-4" />
            Close
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {current ? (
          <div className="space-y-2" aria-live="polite">
            <div className="flex aspect-video flex-col overflow-hidden rounded-md border border-gray-200 bg-gray-50">
              {current.content_type === 'dynamic' ? (
                <DynamicContent
                  type={current.slide_type}
                  settings={current.settings}
                  paused={!playing}
                  className="flex-1"
                />
              ) : current.image_url ? (
                <div className="relative flex-1">
                  <SlideImage path={current.image_url} alt={slideTitle(current)} />
                  {current.content && (
                    <p className="absolute inset-x-0 bottom-0 bg-gray-950/60 px-3 py-2 text-sm text-white">
                      {current.content}
                    </p>
                  )}
                </div>
              ) : (
                <div className="flex flex-1 flex-col items-center justify-center gap-2 p-4 text-center">
                  <SlideTypeIcon type={current.slide_type} className="size-8 text-brand-600" />
                  <p className="text-lg font-semibold text-gray-900">{slideTitle(current)}</p>
                  {current.content && <p className="text-sm text-gray-600">{current.content}</p>}
                </div>
              )}
            </div>
            <p className="text-sm text-gray-600">
              <span className="font-medium text-gray-900">
                {index + 1}. {slideTitle(current)}
              </span>{' '}
              · {SLIDE_TYPE_LABELS[current.slide_type]} · {current.duration}s
            </p>
          </div>
        ) : (
          <p className="py-8 text-center text-sm text-gray-500">Click the eye icon on any slide to preview it here</p>
        )}
      </CardContent>
    </Card>
  );
}
