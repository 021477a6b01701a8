// The stack's clock during a soak (scripts/soak-wall.ts): loaded into the stack's process with
// `--import`, it moves the process's wall clock (Date, and so PGlite's now(), Auth's token
// times and Realtime's checks) to the wall's virtual time, as a machine's clock would be set.
// Timers are left alone: only what time it is changes, not how long a wait lasts.
//   - SOAK_CLOCK_FILE names a file holding the virtual time (ms since the epoch) the process
//     starts at (a restarted stack comes back at the time the soak had reached);
//   - IPC messages `{ soakClock: ms }` (TestStack.send) move the clock forward.
// Between two settings the clock runs on at real speed, and it never goes back.
import { readFileSync } from 'node:fs';

const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
let virtualAt = realNow();
let realAt = virtualAt;

const file = process.env.SOAK_CLOCK_FILE;
if (file) {
  const start = Number(readFileSync(file, 'utf8').trim());
  if (Number.isFinite(start)) virtualAt = start;
}

const now = () => virtualAt + (realNow() - realAt);

function setClock(ms: number) {
  if (!(ms > now())) return;
  virtualAt = ms;
  realAt = realNow();
}

function SoakDate(this: unknown, ...args: unknown[]) {
  if (!new.target) return new RealDate(now()).toString();
  return args.length === 0 ? new RealDate(now()) : new RealDate(...(args as []));
}
SoakDate.prototype = RealDate.prototype;
SoakDate.now = now;
SoakDate.parse = RealDate.parse;
SoakDate.UTC = RealDate.UTC;
Object.setPrototypeOf(SoakDate, RealDate);
globalThis.Date = SoakDate as unknown as DateConstructor;

process.on('message', (message: { soakClock?: number }) => {
  if (typeof message?.soakClock === 'number') setClock(message.soakClock);
});
