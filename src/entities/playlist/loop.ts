// Slide priority is a slide's share of the loop: a slide of priority p plays p times in each
// loop (1, the default, once), its plays spread evenly through the loop. The order of the
// slides (campaign priority, then display order, from player_playlist()) is kept: slide i of
// n plays first at (i + ½)/n of the loop, and its k-th repeat k/p of a loop later. The player
// plays this order; the builder's stats and preview show it.
import { PRIORITY } from '../slide/slide';

export function loopOrder<T extends { priority: number }>(slides: readonly T[]): T[] {
  const n = slides.length;
  const plays: { slide: T; at: number; base: number }[] = [];
  slides.forEach((slide, base) => {
    const p = Math.min(PRIORITY.max, Math.max(PRIORITY.min, Math.round(slide.priority) || PRIORITY.min));
    for (let k = 0; k < p; k++) plays.push({ slide, at: ((base + 0.5) / n + k / p) % 1, base });
  });
  plays.sort((a, b) => a.at - b.at || a.base - b.base);
  return plays.map((play) => play.slide);
}

/** Seconds one loop lasts (each slide's time, as often as it plays). */
export const loopSeconds = <T extends { priority: number; duration: number }>(slides: readonly T[]) =>
  loopOrder(slides).reduce((sum, slide) => sum + slide.duration, 0);
