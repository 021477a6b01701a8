import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { DynamicContent } from '@/components/dynamic-content/dynamic-content';
import type { DynamicContentSettings } from '@/lib/dynamic-content';
import { cn } from '@/utils/cn';
import type { PlayerSlide } from '../api/playlist';

export interface SlideLayerProps {
  slide: PlayerSlide;
  /** The URL of the slide's image, when it has one that could be resolved. */
  imageUrl: string | undefined;
  /** The layer on screen (the other one waits underneath, loaded and decoded). */
  visible: boolean;
  paused: boolean;
}

/** A neutral box in place of a slide that cannot show its own content. */
function Placeholder({ title, broken }: { title: string | null; broken?: boolean }) {
  return (
    <div
      data-testid={broken ? 'broken-image' : undefined}
      className="flex h-full w-full flex-col items-center justify-center gap-3 bg-gray-300 text-gray-600"
    >
      <ImageOff aria-hidden className="size-16" />
      {title && <p className="text-2xl font-semibold">{title}</p>}
    </div>
  );
}

function settingsOf(slide: PlayerSlide): DynamicContentSettings | null {
  const value = slide.settings;
  return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

function StaticText({ slide }: { slide: PlayerSlide }) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-4 bg-gray-900 px-12 text-center text-white">
      <p className="text-5xl font-bold">{slide.title || 'Untitled Slide'}</p>
      {slide.content && <p className="max-w-3xl text-2xl text-gray-300">{slide.content}</p>}
    </div>
  );
}

/** An image slide: the image, or a grey placeholder when it is missing or cannot be loaded. */
function ImageSlide({ slide, imageUrl }: { slide: PlayerSlide; imageUrl: string | undefined }) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (!imageUrl || brokenUrl === imageUrl) return <Placeholder title={slide.title} broken />;
  return (
    <img
      src={imageUrl}
      alt={slide.title || 'Slide image'}
      decoding="sync"
      className="h-full w-full object-contain"
      onError={() => setBrokenUrl(imageUrl)}
    />
  );
}

/** One slide, full-bleed. Two layers are stacked: the slide on screen and the next one. */
export function SlideLayer({ slide, imageUrl, visible, paused }: SlideLayerProps) {
  let content;
  if (slide.content_type === 'dynamic') {
    content = <DynamicContent type={slide.slide_type} settings={settingsOf(slide)} paused={paused || !visible} />;
  } else if (slide.image_url) content = <ImageSlide slide={slide} imageUrl={imageUrl} />;
  else content = <StaticText slide={slide} />;
  return (
    <div
      data-slide-id={slide.id}
      data-visible={visible}
      aria-hidden={!visible}
      className={cn('absolute inset-0 bg-gray-950', visible ? 'z-10 opacity-100' : 'pointer-events-none z-0 opacity-0')}
    >
      {content}
    </div>
  );
}
