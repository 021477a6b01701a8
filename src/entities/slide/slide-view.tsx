import { ImageOff } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { DynamicContent } from '@/components/dynamic-content/dynamic-content';
import { Skeleton } from '@/components/ui/skeleton';
import type { DynamicContentSettings } from '@/lib/dynamic-content';
import type { Json } from '@/types/database';
import { cn } from '@/utils/cn';
import { playSeconds } from './slide';
import { VideoSlide, type VideoPlayback } from './video-slide';

/** A screen's shape when it has none of its own: 16:9 landscape. */
export const DEFAULT_SCREEN_ASPECT_RATIO = '16 / 9';

/** What the renderer needs of a slide (a builder slide and a playlist slide both have it). */
export interface ViewableSlide {
  content_type: string;
  slide_type: string;
  title: string | null;
  content: string | null;
  image_url: string | null;
  /** 'video' when image_url names a video (ad-videos); an image otherwise. */
  media_kind?: string | null;
  /** Seconds on screen (a video shorter than this loops, a longer one is cut). */
  duration?: number;
  settings: Json | DynamicContentSettings;
}

export interface SlideViewProps {
  slide: ViewableSlide;
  /** The link of the slide's image or video; undefined when it has none or it could not be made. */
  imageUrl: string | undefined;
  /** True while the link is still being made. */
  imageLoading?: boolean;
  /** A video slide's playback (the player's layers say when it shows and hear when it is ready). */
  video?: VideoPlayback;
  /** Stops dynamic content from rotating and refreshing. */
  paused: boolean;
  /**
   * True on a screen the public sees: no error text or 'sample data' notice on dynamic
   * slides (they show their last data, else the sample). Previews keep them for operators.
   */
  publicScreen?: boolean;
  className?: string;
}

function settingsOf(settings: ViewableSlide['settings']): DynamicContentSettings | null {
  return settings && typeof settings === 'object' && !Array.isArray(settings) ? settings : null;
}

/** A neutral box in place of a slide that cannot show its own content. */
function Placeholder({ title, broken }: { title: string | null; broken?: boolean }) {
  return (
    <div
      data-testid={broken ? 'broken-image' : undefined}
      className="flex h-full w-full flex-col items-center justify-center gap-[1cqw] bg-gray-300 text-gray-600"
    >
      <ImageOff aria-hidden className="size-[3.4cqw]" />
      {title && <p className="text-[1.9cqw] font-semibold">{title}</p>}
    </div>
  );
}

function StaticText({ slide }: { slide: ViewableSlide }) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-[1.25cqw] bg-gray-900 px-[2.5cqw] text-center text-white">
      <p className="text-[2.5cqw] font-bold">{slide.title || 'Untitled Slide'}</p>
      {slide.content && <p className="max-w-[80%] text-[1.25cqw] text-gray-300">{slide.content}</p>}
    </div>
  );
}

/** An image slide: the whole image (letterboxed), or a grey placeholder when it is missing or cannot be loaded. */
function ImageSlide({ slide, imageUrl }: { slide: ViewableSlide; imageUrl: string | undefined }) {
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

/**
 * One slide as a screen shows it: dynamic content, an image, or its title and text. The
 * kiosk player and the builder's Live Preview both render slides with this, so the preview
 * is what the screen shows. Sizes follow the container's width (cqw), so a small preview
 * is the full screen scaled down.
 */
export function SlideView({
  slide,
  imageUrl,
  imageLoading = false,
  video,
  paused,
  publicScreen = false,
  className,
}: SlideViewProps) {
  // A screen skips a video it cannot play (its dark background shows for that moment); a preview says so.
  const videoFallback = publicScreen ? null : <Placeholder title={slide.title} broken />;
  let content;
  if (slide.content_type === 'dynamic') {
    content = (
      <DynamicContent
        type={slide.slide_type}
        settings={settingsOf(slide.settings)}
        paused={paused}
        diagnostics={!publicScreen}
      />
    );
  } else if (slide.image_url) {
    content = imageLoading ? (
      <Skeleton className="h-full w-full rounded-none" />
    ) : slide.media_kind === 'video' ? (
      imageUrl ? (
        <VideoSlide
          key={imageUrl}
          src={imageUrl}
          title={slide.title}
          paused={paused}
          seconds={playSeconds({ duration: slide.duration ?? 0 })}
          fallback={videoFallback}
          {...video}
        />
      ) : (
        videoFallback
      )
    ) : (
      <ImageSlide slide={slide} imageUrl={imageUrl} />
    );
  } else content = <StaticText slide={slide} />;
  return <div className={cn('@container h-full w-full bg-gray-950', className)}>{content}</div>;
}

/** A box of the screen's shape (16:9 unless told) holding one slide, for previews. */
export function ScreenFrame({
  aspectRatio = DEFAULT_SCREEN_ASPECT_RATIO,
  className,
  children,
}: {
  aspectRatio?: string;
  className?: string;
  children: ReactNode;
}) {
  const style: CSSProperties = { aspectRatio };
  return (
    <div style={style} className={cn('w-full overflow-hidden rounded-md border border-gray-200', className)}>
      {children}
    </div>
  );
}
