import { ImageOff } from 'lucide-react';
import { useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DynamicContent } from '@/components/dynamic-content/dynamic-content';
import { Skeleton } from '@/components/ui/skeleton';
import type { DynamicContentSettings } from '@/lib/dynamic-content';
import type { Json } from '@/types/database';
import { cn } from '@/utils/cn';
import type { Orientation } from '@/entities/device/device-rules';
import { FittedText } from './fitted-text';
import { ScreenOrientation } from './screen-orientation';
import type { TextFit } from './text-fit';
import { playSeconds } from './slide';
import { VideoSlide, type VideoPlayback } from './video-slide';

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
  /** The venue's time zone (IANA): dynamic slides' dates and times are its clock's. */
  timeZone?: string | null;
  className?: string;
  /** Told the size the text was fitted at (see text-fit.ts), and null when no text shows. */
  onTextFit?: (fit: TextFit | null) => void;
  /** Told when the image's own element is loaded and decoded (or broken). */
  onImageReady?: () => void;
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

/** The slide's title and content text, fitted to the box (padding in proportion to the screen). */
function SlideText({ slide, onTextFit }: { slide: ViewableSlide; onTextFit?: SlideViewProps['onTextFit'] }) {
  const { t } = useTranslation('slides');
  return (
    <div className="h-full w-full bg-gray-900 p-[5cqmin]">
      <FittedText title={slide.title || t('slide.untitled')} content={slide.content || null} onFit={onTextFit} />
    </div>
  );
}

/**
 * An image beside its text, or above it on a portrait screen: a device set to portrait, or a
 * screen (or preview) taller than wide.
 */
function ImageAndText({ image, text }: { image: ReactNode; text: ReactNode }) {
  return (
    <div
      data-slide-layout={text ? 'image-and-text' : 'image'}
      className="flex h-full w-full flex-row group-data-[orientation=portrait]/screen:flex-col [@container(orientation:portrait)]:flex-col"
    >
      <div className="min-h-0 min-w-0 flex-1">{image}</div>
      {text && <div className="min-h-0 min-w-0 flex-1">{text}</div>}
    </div>
  );
}

/** An image slide: the whole image (letterboxed), or a grey placeholder when it is missing or cannot be loaded. */
function ImageSlide({
  slide,
  imageUrl,
  onImageReady,
}: {
  slide: ViewableSlide;
  imageUrl: string | undefined;
  onImageReady?: () => void;
}) {
  const { t } = useTranslation('slides');
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (!imageUrl || brokenUrl === imageUrl) return <Placeholder title={slide.title} broken />;
  return (
    <img
      src={imageUrl}
      alt={slide.title || t('slide.image')}
      decoding="sync"
      className="h-full w-full object-contain"
      onLoad={(event) => {
        const image = event.currentTarget;
        const decoded = typeof image.decode === 'function' ? image.decode().catch(() => undefined) : Promise.resolve();
        void decoded.then(() => onImageReady?.());
      }}
      onError={() => {
        setBrokenUrl(imageUrl);
        onImageReady?.();
      }}
    />
  );
}

/**
 * One slide as a screen shows it: dynamic content, an image (beside its title and text when it
 * has content text), or its title and text. The kiosk player and the builder's Live Preview
 * both render slides with this, so the preview is what the screen shows. Sizes follow the
 * container (cqw, cqmin), and text is fitted to its box, so a preview is the screen scaled.
 * The layout is portrait when the device is set to portrait (ScreenOrientation) or the
 * container is taller than wide.
 */
export function SlideView({
  slide,
  imageUrl,
  imageLoading = false,
  video,
  paused,
  publicScreen = false,
  timeZone,
  className,
  onTextFit,
  onImageReady,
}: SlideViewProps) {
  const deviceOrientation = useContext(ScreenOrientation);
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
        timeZone={timeZone}
      />
    );
  } else if (slide.image_url) {
    const image = imageLoading ? (
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
      <ImageSlide slide={slide} imageUrl={imageUrl} onImageReady={onImageReady} />
    );
    // An image with no content text is the whole slide (a poster); its title names it.
    // The image stays at one place in the tree with or without text: an edit adding text to
    // the slide on screen does not mount its <img> again (undecoded, on screen).
    content = (
      <ImageAndText image={image} text={slide.content ? <SlideText slide={slide} onTextFit={onTextFit} /> : null} />
    );
  } else content = <SlideText slide={slide} onTextFit={onTextFit} />;
  return (
    <div
      data-orientation={deviceOrientation ?? undefined}
      className={cn('group/screen @container-size h-full w-full bg-gray-950', className)}
    >
      {content}
    </div>
  );
}

/** The screen a preview stands for: a 1080p screen, wide or tall. */
export const PREVIEW_SCREENS: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
};

/**
 * A preview of one slide: a whole 1920 × 1080 (or 1080 × 1920) screen laid out at its real
 * size and scaled down to the box, so the preview has the screen's layout, line breaks and
 * fitted text sizes exactly.
 */
export function ScreenFrame({
  orientation = 'landscape',
  className,
  children,
}: {
  orientation?: Orientation;
  className?: string;
  children: ReactNode;
}) {
  const { width, height } = PREVIEW_SCREENS[orientation];
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setScale(element.clientWidth / width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return (
    <div
      ref={frame}
      data-screen={`${width}x${height}`}
      style={{ aspectRatio: `${width} / ${height}` }}
      className={cn(
        'relative overflow-hidden rounded-md bg-gray-950 ring-1 ring-gray-200',
        orientation === 'portrait' ? 'mx-auto w-1/2' : 'w-full',
        className,
      )}
    >
      <div className="absolute top-0 left-0 origin-top-left" style={{ width, height, transform: `scale(${scale})` }}>
        {children}
      </div>
    </div>
  );
}
