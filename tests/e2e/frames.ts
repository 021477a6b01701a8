// What a screen really shows, frame by frame: Chromium's screencast (CDP Page.startScreencast,
// every frame the compositor paints) decoded with sharp, each frame reduced to how much of it
// is (near) black. Used by the video tests and `npm run bench:player` to find frames with no
// picture around slide switches. Also a recorder of the player's switches in wall-clock time,
// the screencast's own clock.
import type { CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';

export interface Frame {
  /** When the frame was painted (ms since the epoch). */
  at: number;
  /** Share of its pixels that are near black (luma under DARK_LUMA). */
  dark: number;
}

/** A pixel darker than this (0-255 luma) counts as black. */
export const DARK_LUMA = 24;
/** A frame with more than this share of near-black pixels shows no picture. */
export const BLANK_SHARE = 0.9;

export const isBlank = (frame: Frame) => frame.dark > BLANK_SHARE;

async function darkShare(jpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] < DARK_LUMA) dark++;
  return dark / (data.length / info.channels);
}

export interface FrameSampler {
  /** Stops the screencast and returns every frame painted since the start, in order. */
  stop(): Promise<Frame[]>;
}

/** Starts sampling every painted frame of `page` (scaled to 320×200 at most). */
export async function sampleFrames(page: Page): Promise<FrameSampler> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const frames: Frame[] = [];
  const pending: Promise<void>[] = [];
  cdp.on('Page.screencastFrame', (event) => {
    const at = (event.metadata.timestamp ?? Date.now() / 1000) * 1000;
    pending.push(
      darkShare(Buffer.from(event.data, 'base64')).then((dark) => {
        frames.push({ at, dark });
      }),
    );
    void cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 70,
    maxWidth: 320,
    maxHeight: 200,
    everyNthFrame: 1,
  });
  return {
    async stop() {
      await cdp.send('Page.stopScreencast').catch(() => undefined);
      await Promise.all(pending);
      await cdp.detach().catch(() => undefined);
      return frames.sort((a, b) => a.at - b.at);
    },
  };
}

export interface Switch {
  /** When the player changed slides (ms since the epoch). */
  at: number;
  /** The slide now on screen, and whether it is a video. */
  id: string | null;
  video: boolean;
}

/** Records each slide switch of the player on the page (a string: these helpers are typed for Node). */
const RECORD_SWITCHES = `(() => {
  window.__switches = [];
  const player = document.querySelector('[data-testid="player"]');
  new MutationObserver(() => {
    const layer = document.querySelector('[data-visible="true"]');
    window.__switches.push({
      at: Date.now(),
      id: layer ? layer.dataset.slideId : null,
      video: Boolean(layer && layer.querySelector('video')),
    });
  }).observe(player, { attributes: true, attributeFilter: ['data-slide-index'] });
})()`;

export const recordSwitches = (page: Page) => page.evaluate(RECORD_SWITCHES);
export const switches = (page: Page) => page.evaluate<Switch[]>('window.__switches');

/** The frames painted within `before` ms before and `after` ms after `at`. */
export const framesAround = (frames: Frame[], at: number, before = 500, after = 1000) =>
  frames.filter((f) => f.at >= at - before && f.at <= at + after);
