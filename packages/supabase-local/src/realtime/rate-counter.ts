// Realtime.RateCounter (supabase/realtime lib/realtime/rate_counter/rate_counter.ex) with the
// GenCounter it reads: events are added to a plain count; every tick the count is moved into a
// bucket of the last few ticks, and the average per second over that bucket is compared with the
// limit. The limit is "triggered" at a tick whose average reaches the limit, and released at the
// first later tick whose average is below it. Callers read `triggered`, as Realtime reads
// `rate_counter.limit.triggered`; nothing is refused between ticks.
//
// Realtime's tenant counters (lib/realtime/tenants.ex: joins_per_second_rate,
// events_per_second_rate, db_events_per_second_rate) tick every 5 s over 12 ticks (a minute).
// A counter starts on first use with one tick at once (init's `tick(0)`, which finds the count it
// has just reset: a bucket of one 0), and stops after 5 minutes whose ticks all counted 0
// (:idle_shutdown); started again, it has no history.

export interface RateCounterOptions {
  /** The limit, per second, on the average over the bucket (`limit: [value: ...]`). */
  limit: number;
  /** Milliseconds between ticks (`tick: :timer.seconds(5)`). */
  tickMs?: number;
  /** Ticks the average covers (`max_bucket_len: 12`). */
  maxBucketLen?: number;
  /** Stops a counter whose ticks all counted 0 for this long (@idle_shutdown, 5 minutes). */
  idleShutdownMs?: number;
}

export interface RateCounterState {
  avg: number;
  sum: number;
  bucket: readonly number[];
  triggered: boolean;
}

interface Running extends RateCounterState {
  bucket: number[];
  ticker: NodeJS.Timeout;
  idle: NodeJS.Timeout;
}

export class RateCounter {
  private count = 0;
  private running: Running | undefined;
  readonly limit: number;
  private readonly tickMs: number;
  private readonly maxBucketLen: number;
  private readonly idleShutdownMs: number;

  constructor(opts: RateCounterOptions) {
    this.limit = opts.limit;
    this.tickMs = opts.tickMs ?? 5_000;
    this.maxBucketLen = opts.maxBucketLen ?? 12;
    this.idleShutdownMs = opts.idleShutdownMs ?? 5 * 60_000;
  }

  /** RateCounter.get: the counter's state, starting it when it is not running. */
  get(): RateCounterState {
    if (!this.running) this.start();
    const { avg, sum, bucket, triggered } = this.running!;
    return { avg, sum, bucket, triggered };
  }

  /** GenCounter.add. */
  add(n = 1): void {
    this.count += n;
  }

  /** Stops the counter's timers (the stack is closing). */
  stop(): void {
    if (!this.running) return;
    clearInterval(this.running.ticker);
    clearInterval(this.running.idle);
    this.running = undefined;
    this.count = 0;
  }

  private start(): void {
    // init: GenCounter.reset, then the first tick at once.
    this.count = 0;
    const ticker = setInterval(() => this.tick(), this.tickMs);
    const idle = setInterval(() => {
      if (this.running?.bucket.every((c) => c === 0)) this.stop();
    }, this.idleShutdownMs);
    ticker.unref();
    idle.unref();
    this.running = { avg: 0, sum: 0, bucket: [], triggered: false, ticker, idle };
    this.tick();
  }

  private tick(): void {
    const s = this.running;
    if (!s) return;
    const count = this.count;
    this.count = 0;
    s.bucket = [count, ...s.bucket].slice(0, this.maxBucketLen);
    s.sum = s.bucket.reduce((a, b) => a + b, 0);
    s.avg = s.sum / s.bucket.length / (this.tickMs / 1000);
    // maybe_trigger_limit: released below the limit, triggered at or above it.
    if (s.triggered) {
      if (s.avg < this.limit) s.triggered = false;
    } else if (s.avg >= this.limit) {
      s.triggered = true;
    }
  }
}
