// Video slides on a wall screen, in Chromium: a campaign of image and video slides plays with
// no black frame between them (every frame the compositor paints is sampled through CDP's
// screencast around each switch), and a screen whose network is gone plays its videos from
// the device (the service worker answers the browser's range requests from Cache Storage),
// also after a reload. Each test has a venue of its own.
import { expect, test, type Page } from '@playwright/test';
import { signInAs, STACK_URL, stackControl } from './support.ts';
import { createPlayerCustomer, openSlides, waitForOfflineReady, type PlayerCustomer } from './player-support.ts';
import { framesAround, isBlank, recordSwitches, sampleFrames, switches, type Frame } from './frames.ts';
import { allowTest } from './timeouts.ts';

const customers: PlayerCustomer[] = [];

test.afterAll(async () => {
  await stackControl.start(); // in case a test stopped it and failed before starting it again
  for (const customer of customers) await customer.remove();
});

async function playerCustomer(kinds: ('image' | 'video')[]) {
  const customer = await createPlayerCustomer(STACK_URL, { kinds, seconds: 5, width: 640, height: 400 });
  customers.push(customer);
  return customer;
}

interface VisibleVideo {
  src: string;
  time: number;
  ready: number;
  paused: boolean;
  width: number;
}

/** The video on screen: its source, where it is, and whether it is playing with a picture (page code as text: these tests are typed for Node). */
const visibleVideo = (page: Page) =>
  page.evaluate<VisibleVideo | null>(`(() => {
    const video = document.querySelector('[data-visible="true"] video');
    return video
      ? { src: video.src, time: video.currentTime, ready: video.readyState, paused: video.paused, width: video.videoWidth }
      : null;
  })()`);

/** The paths of every video element's source on the page. */
const videoPaths = (page: Page) =>
  page.evaluate<string[]>(`[...document.querySelectorAll('video')].map((v) => new URL(v.src).pathname)`);

/** Waits until a video slide is on screen and has played for a while. */
async function expectVideoPlaying(page: Page, timeout: number) {
  await expect
    .poll(async () => (await visibleVideo(page))?.time ?? 0, { timeout, intervals: [100] })
    .toBeGreaterThan(1);
  const video = await visibleVideo(page);
  expect(video).toMatchObject({ paused: false, width: 640 });
  expect(video!.ready).toBeGreaterThanOrEqual(2);
  return video!;
}

/** Every frame around every switch shows a picture; returns how many frames were looked at. */
function expectNoBlankFrameAtSwitches(frames: Frame[], at: number[]) {
  let looked = 0;
  for (const t of at) {
    const near = framesAround(frames, t);
    // Sampled at the compositor's rate: many frames within 1.5 s of each switch.
    expect(near.length, `frames painted around the switch at ${t}`).toBeGreaterThanOrEqual(10);
    const blank = near.filter(isBlank);
    expect(blank, `near-black frames around the switch at ${t}`).toEqual([]);
    looked += near.length;
  }
  return looked;
}

test('image and video slides follow each other with no black frame between them', async ({ page }) => {
  allowTest(120_000);
  // Image → video → video → image → video → (loop) image: every kind of switch.
  const customer = await playerCustomer(['image', 'video', 'video', 'image', 'video']);
  await page.setViewportSize({ width: 640, height: 400 });
  await signInAs(page, customer);
  await openSlides(page);
  await expect(page.getByTestId('slide-counter')).toHaveText('1 / 5', { timeout: 20_000 });
  await expect(page.locator('[data-visible="true"] img')).toHaveJSProperty('complete', true);

  await recordSwitches(page);
  const sampler = await sampleFrames(page);
  // One loop and the switch back to the first slide: 5 switches in 25 s.
  await page.waitForFunction('window.__switches.length >= 5', undefined, { timeout: 45_000, polling: 250 });
  await page.waitForTimeout(1200);
  const frames = await sampler.stop();
  const done = await switches(page);

  expect(done.slice(0, 5).map((s) => s.id)).toEqual([...customer.slideIds.slice(1), customer.slideIds[0]]);
  expect(done.slice(0, 5).map((s) => s.video)).toEqual([true, true, false, true, false]);
  // Each switch on time (5 s apart): the next picture was ready before its turn.
  for (let i = 1; i < 5; i++) expect(Math.abs(done[i].at - done[i - 1].at - 5000)).toBeLessThan(500);
  expect(frames.filter(isBlank)).toEqual([]);
  expectNoBlankFrameAtSwitches(
    frames,
    done.slice(0, 5).map((s) => s.at),
  );
});

test('a screen without a network plays its videos from the device, also after a reload', async ({ page, context }) => {
  allowTest(150_000);
  const customer = await playerCustomer(['video', 'image']);
  await page.setViewportSize({ width: 640, height: 400 });

  // The service worker's answers for the player's files: status, and whether it served them.
  const served: { url: string; status: number; fromWorker: boolean }[] = [];
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.url.includes('/__player-media/'))
      served.push({
        url: event.response.url,
        status: event.response.status,
        fromWorker: event.response.fromServiceWorker ?? false,
      });
  });

  await signInAs(page, customer);
  await openSlides(page);
  await expectVideoPlaying(page, 20_000);
  await waitForOfflineReady(page);
  // The video was downloaded to the device in the background; the screen then plays it from there.
  await expect
    .poll(() => videoPaths(page), {
      timeout: 30_000,
      intervals: [250],
    })
    .toEqual([expect.stringMatching(/^\/__player-media\/ad-videos\//)]);
  await expectVideoPlaying(page, 15_000);

  // Everything stops: the API, Storage, and the server the app came from.
  await stackControl.stop();
  await recordSwitches(page);
  const sampler = await sampleFrames(page);
  await page.waitForFunction('window.__switches.length >= 4', undefined, { timeout: 30_000, polling: 250 });
  const video = await expectVideoPlaying(page, 10_000);
  expect(new URL(video.src).pathname).toMatch(/^\/__player-media\/ad-videos\//);
  const frames = await sampler.stop();
  expect(frames.filter(isBlank)).toEqual([]);
  expectNoBlankFrameAtSwitches(
    frames,
    (await switches(page)).slice(0, 4).map((s) => s.at),
  );

  // Reloaded while nothing answers: the worker has the app, the cache the video.
  await page.reload();
  await expect(page.getByTestId('slide-counter')).toHaveText(/ \/ 2$/, { timeout: 15_000 });
  const again = await expectVideoPlaying(page, 20_000);
  expect(new URL(again.src).pathname).toMatch(/^\/__player-media\/ad-videos\//);

  // The browser asked for byte ranges, and the worker answered them from the cache.
  const ranges = served.filter((r) => r.status === 206);
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((r) => r.fromWorker)).toBe(true);
  expect(served.filter((r) => r.status >= 400)).toEqual([]);

  await stackControl.start();
});
