// The wall's page during a soak (scripts/soak-wall.ts): a script that runs before the app's
// own and gives the page a virtual clock, driven forward by the soak, plus the probes the
// soak's rules read.
//
// The clock: Date, performance.now(), setTimeout and setInterval read and wait on virtual
// time. It stands still until the soak calls `__soak.runUntil(t)`, which moves it to each
// timer's due time in turn and runs that timer, like time passing with nothing else to do.
// Before each step the page is let settle: its fetches, Cache Storage and IndexedDB work,
// image decodes and answers awaited on its sockets finish first (up to SETTLE_CAP_MS of real
// time), and the app's rendering (React's MessageChannel tasks) runs. So a round trip to the
// stack takes no virtual time, as it takes next to none on a real wall compared with a day.
// Animation frames, CSS transitions and the service worker stay on real time.
//
// The stack's clock follows the page's: before a request leaves the page, the page's time is
// handed to the binding `__soakTime` (the soak sets the stack's clock with it).
//
// Probes (window.__soak):
//  - frames: every real animation frame, whether a picture is on screen (a decoded image or a
//    drawn video in the visible slide layer, or the fallback image), from the first picture on;
//  - switches: [virtual ms, slide id] at each slide change (drained by the soak);
//  - liveObjectUrls: object URLs created and not revoked;
//  - text: what the page shows in words, for the no-error-text rule.

import { readFileSync } from 'node:fs';
import { transformWithOxc } from 'vite';

const SOURCE = new URL('./page/clock.ts', import.meta.url);

/** The script, for addInitScript: the page's clock starts at `startMs` (ms since the epoch). */
export async function pageClockScript(startMs: number): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(SOURCE, 'utf8'), SOURCE.pathname, { lang: 'ts' });
  return `(() => {\n${code}\ninstall(${JSON.stringify(startMs)});\n})();`;
}
