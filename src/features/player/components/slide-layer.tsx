import { useEffect } from 'react';
import { SlideView } from '@/entities/slide/slide-view';
import { mediaKindOf } from '@/entities/slide/slide';
import { cn } from '@/utils/cn';
import { useMediaShown } from '../api/media';
import type { PlayerSlide } from '../api/playlist';
import {
  imageLayerGone,
  imageLayerMounted,
  imageLayerReady,
  videoFailed,
  mediaLayerKey,
  videoMounted,
  videoReadyChange,
  videoUnmounted,
} from '../lib/preload';

export interface SlideLayerProps {
  slide: PlayerSlide;
  /** The URL of the slide's image or video, when it has one that could be resolved. */
  imageUrl: string | undefined;
  /** The layer on screen (the other one waits underneath, loaded and decoded). */
  visible: boolean;
  paused: boolean;
  muted: boolean;
  /** Counts the player's switches: a video shown again starts from the beginning. */
  showing: number;
  /** The video on screen failed (the player moves on). */
  onVideoFailed?: () => void;
  /** The venue's time zone (IANA): dynamic slides show its clock. */
  timeZone?: string | null;
}

/** One slide, full-bleed. Two layers are stacked: the slide on screen and the next one. */
export function SlideLayer({
  slide,
  imageUrl,
  visible,
  paused,
  muted,
  showing,
  onVideoFailed,
  timeZone,
}: SlideLayerProps) {
  // The layer's element showing a file (an image or a video), known to the player, which waits
  // for it before a switch: the switch shows that element, loaded, never a copy.
  const mediaKey = slide.content_type !== 'dynamic' && imageUrl ? mediaLayerKey(slide.id, imageUrl) : null;
  const videoKey = mediaKey && mediaKindOf(slide) === 'video' ? mediaKey : null;
  const imageKey = mediaKey && !videoKey ? mediaKey : null;
  useEffect(() => {
    if (!imageKey) return;
    imageLayerMounted(imageKey);
    return () => imageLayerGone(imageKey);
  }, [imageKey]);

  // When the file was last on screen decides what leaves a full cache first.
  useMediaShown(slide, visible, showing);

  useEffect(() => {
    if (!videoKey) return;
    videoMounted(videoKey);
    return () => videoUnmounted(videoKey);
  }, [videoKey]);

  return (
    <div
      data-slide-id={slide.id}
      // The stored file the layer shows (its path in the media bucket), for whoever inspects a wall.
      data-media={slide.content_type !== 'dynamic' && imageUrl ? (slide.image_url ?? undefined) : undefined}
      data-visible={visible}
      aria-hidden={!visible}
      // The next slide waits drawn underneath (covered, not transparent), so a video's first
      // frame is on the compositor before the switch and shows in its very first frame. The
      // slide on screen is drawn at 99.9 % opacity, a difference no pixel shows (under one
      // step of 255): a compositor skips a layer an opaque one covers whole, and a video
      // uncovered at the switch could then miss its first frame on a busy device (a black
      // frame, seen in Chromium under load); a layer showing through by 0.1 % is never skipped.
      className={cn('absolute inset-0 bg-gray-950', visible ? 'z-10 opacity-[0.999]' : 'pointer-events-none z-0')}
    >
      <SlideView
        slide={slide}
        imageUrl={imageUrl}
        paused={paused || !visible}
        publicScreen
        timeZone={timeZone}
        onImageReady={imageKey ? () => imageLayerReady(imageKey) : undefined}
        video={
          videoKey && imageUrl
            ? {
                visible,
                showing,
                muted,
                onReadyChange: (ready) => videoReadyChange(videoKey, imageUrl, ready),
                onFailed: (reason) => {
                  videoFailed(videoKey, imageUrl, slide.title || 'Untitled video', reason);
                  if (visible) onVideoFailed?.();
                },
              }
            : undefined
        }
      />
    </div>
  );
}
