// Waiting on Realtime as supabase-js reports it: a channel's subscription, and what its
// callbacks receive, one after another.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { ANON_KEY, createTestClient } from './clients.ts';

/** Subscribes and resolves once SUBSCRIBED; rejects with the channel's error. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

/**
 * Joins a new public channel of the stack at `url` on a socket of its own carrying `token`:
 * answers SUBSCRIBED, or `CHANNEL_ERROR: <reason>` (or TIMED_OUT) when Realtime refuses it.
 */
export async function joinWith(url: string, token: string): Promise<string> {
  const c = createTestClient(url, ANON_KEY, { accessToken: token });
  await c.realtime.setAuth(token);
  try {
    return await new Promise<string>((resolve) => {
      c.channel(`join-${randomUUID()}`).subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve(status);
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(`${status}: ${err?.message ?? ''}`);
      });
    });
  } finally {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
}

/** Collects what a callback receives; `next()` waits for the next one (or fails after `ms`). */
export function collector<T>() {
  const items: T[] = [];
  const waiters: ((t: T) => void)[] = [];
  return {
    items,
    push(t: T) {
      const w = waiters.shift();
      if (w) w(t);
      else items.push(t);
    },
    next(ms = 5000): Promise<T> {
      const ready = items.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing arrived within ${ms} ms`)), ms);
        waiters.push((t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
  };
}
