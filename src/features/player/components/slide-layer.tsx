import { SlideView } from '@/entities/slide/slide-view';
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

/** One slide, full-bleed. Two layers are stacked: the slide on screen and the next one. */
export function SlideLayer({ slide, imageUrl, visible, paused }: SlideLayerProps) {
  return (
    <div
      data-slide-id={slide.id}
      data-visible={visible}
      aria-hidden={!visible}
      className={cn('absolute inset-0 bg-gray-950', visible ? 'z-10 opacity-100' : 'pointer-events-none z-0 opacity-0')}
    >
      <SlideView slide={slide} imageUrl={imageUrl} paused={paused || !visible} publicScreen />
    </div>
  );
}
