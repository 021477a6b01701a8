// A background task of the stack that works off a queue table: it runs after
// each committed NOTIFY on its channel (Postgres delivers a NOTIFY only when the
// transaction commits) and at least every `pollMs` (a write through PGlite's
// database socket wakes no listener), never twice at once: a wake during a run
// makes one more run after it.
import type { Db } from './core.ts';

export class WakeLoop {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
    private readonly work: () => Promise<void>,
    private readonly pollMs = 1000,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(this.channel, () => this.kick()).catch(() => undefined);
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch((e) => console.error(`[${this.channel}]`, e))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.unlisten?.();
    await this.running;
  }
}
