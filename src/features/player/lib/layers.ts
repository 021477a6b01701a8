// The slide layers the player keeps in the page: the slide on screen, the next one hidden
// under it (its picture loading), and a slide being got ready that is neither.
import type { PlayerSlide } from '../api/playlist';
import { mediaOf, slideAt, type Position } from './position';

export interface SlideLayerSpec {
  slide: PlayerSlide;
  image: string | undefined;
  visible: boolean;
}

/** The key of a slide's layer: a new picture for the same slide is a new layer. */
export const layerKey = (slide: PlayerSlide, url: string | undefined) => `${slide.id} ${url ?? ''}`;

/**
 * The layers for the show at `pos`, going to `upcoming` next, maybe getting `preparing` ready:
 * none without a slide on screen; the next slide only when it is another one (a one-slide
 * loop shows the same layer again).
 */
export function slideLayers(pos: Position, upcoming: Position, preparing: Position | null): SlideLayerSpec[] {
  const current = slideAt(pos);
  if (!current) return [];
  const layers: SlideLayerSpec[] = [{ slide: current, image: mediaOf(pos).url, visible: true }];
  const upcomingSlide = slideAt(upcoming);
  if (upcomingSlide && upcomingSlide.id !== current.id) {
    layers.push({ slide: upcomingSlide, image: mediaOf(upcoming).url, visible: false });
  }
  const preparingSlide = preparing ? slideAt(preparing) : undefined;
  if (preparing && preparingSlide) {
    const image = mediaOf(preparing).url;
    if (!layers.some((l) => layerKey(l.slide, l.image) === layerKey(preparingSlide, image)))
      layers.push({ slide: preparingSlide, image, visible: false });
  }
  return layers;
}
