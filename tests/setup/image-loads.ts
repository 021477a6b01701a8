// jsdom loads no image: a test of what a browser shows once a picture is in gives each <img>
// that enters the page its load event `ms` later (on the test's timers, fake or real), as a
// browser does once the file is read and decoded.
import { fireEvent } from '@testing-library/react';

/** Loads every <img> added to the page after `ms`; `onLoaded` hears of each. Returns what stops it. */
export function loadImagesAsAdded(ms = 0, onLoaded?: (image: HTMLImageElement) => void): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const images = node instanceof HTMLImageElement ? [node] : [...node.querySelectorAll('img')];
        for (const image of images)
          setTimeout(() => {
            if (!image.isConnected) return;
            onLoaded?.(image);
            fireEvent.load(image);
          }, ms);
      }
  });
  observer.observe(document.body, { subtree: true, childList: true });
  return () => observer.disconnect();
}
