// A kiosk restarted with the network down: its first picture is the slide it was on (the shell
// from the service worker, the playlist and the place from localStorage, the picture from Cache
// Storage), with no loading screen before it. bench:player --start warm-offline measures the
// same start after the browser is killed; here the page is reloaded offline.
import { expect, test } from '@playwright/test';
import { signInAs, STACK_URL } from './support.ts';
import { createPlayerCustomer, openSlides, waitForOfflineReady } from './player-support.ts';
import { allowTest } from './timeouts.ts';

/** Runs from the page's first script: the kept place, and what was on screen before the first picture. */
const WATCH_START = `(() => {
  const device = localStorage.getItem('signage-player:device-id');
  const place = JSON.parse(localStorage.getItem('signage-player:place:' + device) || 'null');
  const s = (window.__start = { place: place && place.slideId, loading: [], first: null });
  const check = () => {
    const layer = document.querySelector('[data-visible="true"]');
    const img = layer && layer.querySelector('img');
    if (img && img.complete && img.naturalWidth > 0) {
      s.first = layer.getAttribute('data-slide-id');
      return;
    }
    // The guards' spinner (a status) or the wall's own loading screen (a spinner and a line).
    const spinner = document.querySelector('[role="status"], .animate-spin');
    if (spinner) s.loading.push(spinner.closest('main, div')?.textContent || 'a spinner');
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

test('a kiosk restarted without a network shows the slide it was on first, never a loading screen', async ({
  page,
  context,
}) => {
  allowTest(60_000);
  const customer = await createPlayerCustomer(STACK_URL, { count: 3, seconds: 5 });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, customer);
    await openSlides(page);
    const counter = page.getByTestId('slide-counter');
    await expect(counter).toHaveText('1 / 3', { timeout: 20_000 });
    await waitForOfflineReady(page);
    // A switch: the place kept is no longer the loop's first slide.
    await expect(counter).toHaveText('2 / 3', { timeout: 10_000 });

    await page.addInitScript(WATCH_START);
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction('window.__start && window.__start.first !== null', undefined, { timeout: 10_000 });
    const start = await page.evaluate<{ place: string | null; loading: string[]; first: string }>('window.__start');
    expect(start.place).not.toBeNull();
    expect(start).toEqual({ place: start.place, loading: [], first: start.place });
    expect(customer.slideIds).toContain(start.first);
  } finally {
    await context.setOffline(false);
    await customer.remove();
  }
});
