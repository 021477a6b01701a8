// Limits, as Realtime applies a tenant's (the CLI's one tenant; settings in ../config.ts):
// - channels per websocket (max_channels_per_client), RealtimeChannel.limit_channels;
// - channel joins per second, the project's (max_joins_per_second), RealtimeChannel.limit_joins
//   and TenantRateLimiters at connect;
// - messages per second, the project's (max_events_per_second): the Broadcast messages clients
//   send and receive, REST and database broadcasts (events_per_second_rate), and Postgres changes
//   on their own counter with the same limit (db_events_per_second_rate).
// They are checked where Realtime checks them: at connect (socket.ts), at join (channels.ts), on
// each broadcast (broadcast.ts) and on each Postgres change (postgres-changes.ts).
import type { StackConfig } from '../config.ts';
import { RateCounter } from './rate-counter.ts';

export class Limits {
  // The tenant's rate counters (Realtime.Tenants: joins_per_second_rate, events_per_second_rate,
  // db_events_per_second_rate): 5 s ticks, averaged over 12, compared with the tenant's limit.
  readonly joinsRate: RateCounter;
  readonly eventsRate: RateCounter;
  readonly dbEventsRate: RateCounter;

  constructor(private readonly settings: StackConfig['realtime']) {
    this.joinsRate = new RateCounter({ limit: settings.maxJoinsPerSecond });
    this.eventsRate = new RateCounter({ limit: settings.maxEventsPerSecond });
    this.dbEventsRate = new RateCounter({ limit: settings.maxEventsPerSecond });
  }

  /** limit_channels: may a socket that has joined this many channels join one more? */
  tooManyChannels(joined: number): boolean {
    return joined >= this.settings.maxChannelsPerClient;
  }

  /**
   * A RealtimeChannel process counts each message the dispatcher hands it, and a channel that
   * receives one while the project's limit is triggered ends with "Too many messages per second"
   * (RealtimeChannel.handle_info(:update_rate_counter), sent by MessageDispatcher.dispatch just
   * before the message itself goes out: the message is delivered, then the channel closes).
   */
  countDelivery(): boolean {
    this.eventsRate.add();
    return this.eventsRate.get().triggered;
  }

  /** BatchBroadcast.check_rate_limit: the project's average, and the batch on top of it. */
  batchRefusal(size: number): string | undefined {
    const { avg } = this.eventsRate.get();
    if (avg > this.settings.maxEventsPerSecond) return 'You have exceeded your rate limit';
    if (size + avg > this.settings.maxEventsPerSecond) {
      return 'Too many messages to broadcast, please reduce the batch size';
    }
    return undefined;
  }

  /** SingleBroadcast.check_rate_limit. */
  singleRefusal(): string | undefined {
    if (this.eventsRate.get().avg >= this.settings.maxEventsPerSecond) return 'You have exceeded your rate limit';
    return undefined;
  }

  /** Stops the counters' timers (the stack is closing). */
  stop(): void {
    for (const counter of [this.joinsRate, this.eventsRate, this.dbEventsRate]) counter.stop();
  }
}
