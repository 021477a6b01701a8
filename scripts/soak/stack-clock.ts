// The stack's clock during a soak (scripts/soak-wall.ts): loaded into the stack's process with
// `--import`, it moves the process's wall clock (Date, and so PGlite's now(), Auth's token
// times and Realtime's checks) to the wall's virtual time, as a machine's clock would be set.
// Timers are left alone: only what time it is changes, not how long a wait lasts.
//   - SOAK_CLOCK_FILE names a file holding the virtual time (ms since the epoch) the process
//     starts at (a restarted stack comes back at the time the soak had reached);
//   - IPC messages `{ soakClock: ms }` (TestStack.send) move the clock forward;
//   - so does a request's `x-soak-clock` header (ms), before the request is handled: the
//     wall's page sends its time with each request, in order with it and at no extra cost.
// Between two settings the clock runs on at real speed, and it never goes back.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

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

// SOAK_STACK_TIMES names a file where the real time the stack took per kind of request is
// written each minute: { "POST /rest/v1/rpc/x": [count, total ms] } (finding where a soak's time goes).
const timesFile = process.env.SOAK_STACK_TIMES;
const times: Record<string, [number, number]> = {};
if (timesFile) setInterval(() => writeFileSync(timesFile, JSON.stringify(times, null, 1)), 60_000).unref();

const realEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
  if (event === 'request') {
    const request = args[0] as http.IncomingMessage;
    const at = Number(request.headers['x-soak-clock']);
    if (Number.isFinite(at)) setClock(at);
    if (timesFile) {
      const began = performance.now();
      const key = `${request.method} ${(request.url ?? '').replace(/\?.*/, '').replace(/[0-9a-f-]{36}/g, ':id')}`;
      (args[1] as http.ServerResponse).once('finish', () => {
        const entry = (times[key] ??= [0, 0]);
        entry[0]++;
        entry[1] = Math.round(entry[1] + performance.now() - began);
      });
    }
  }
  return realEmit.call(this, event, ...args);
} as typeof realEmit;
