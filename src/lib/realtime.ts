// Live updates: a Supabase Realtime channel that listens to Postgres changes of a few
// tables and tells the caller (usually: refetch these queries). Row-level security
// decides which changes reach this user, as for any read. supabase-js keeps the socket
// up with the spec's heartbeat and backoff (lib/supabase.ts).
import {
  REALTIME_SUBSCRIBE_STATES,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
} from '@supabase/supabase-js';
import { useEffect, useRef, useState } from 'react';
import { supabase } from './supabase';

export interface TableWatch {
  table: string;
  /** A Realtime filter, e.g. `id=eq.<uuid>`. */
  filter?: string;
  event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
}

export type TableChange = RealtimePostgresChangesPayload<Record<string, unknown>>;

export interface LiveOptions {
  /** Channel name; unique per watcher on the page. */
  name: string;
  tables: TableWatch[];
  /** Called for each change (with `coalesceMs`: at most once per table per window, with its last change). */
  onChange: (change: TableChange) => void;
  /**
   * Called each time the channel is subscribed: `again` after a drop (what changed meanwhile
   * was missed), or the first time (what changed between the caller's first read and now).
   */
  onSubscribed?: (again: boolean) => void;
  enabled?: boolean;
  coalesceMs?: number;
}

/** Subscribes while mounted and enabled; returns whether the channel is live now. */
export function useTableChanges({
  name,
  tables,
  onChange,
  onSubscribed,
  enabled = true,
  coalesceMs = 0,
}: LiveOptions): boolean {
  const [live, setLive] = useState(false);
  const handlers = useRef({ onChange, onSubscribed });
  useEffect(() => {
    handlers.current = { onChange, onSubscribed };
  });
  const key = JSON.stringify(tables);

  useEffect(() => {
    if (!enabled) return;
    const watches = JSON.parse(key) as TableWatch[];
    // Coalesced per table: at most one call per table every coalesceMs, with the last change
    // of that window. A steady stream (heartbeats of many screens) still gets through.
    const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; last: TableChange }>();
    const fire = (change: TableChange) => {
      if (!coalesceMs) return handlers.current.onChange(change);
      const waiting = pending.get(change.table);
      if (waiting) {
        waiting.last = change;
        return;
      }
      const entry = {
        last: change,
        timer: setTimeout(() => {
          pending.delete(change.table);
          handlers.current.onChange(entry.last);
        }, coalesceMs),
      };
      pending.set(change.table, entry);
    };
    let channel: RealtimeChannel = supabase.channel(`${name}:${Math.random().toString(36).slice(2, 10)}`);
    for (const w of watches) {
      channel = channel.on(
        'postgres_changes',
        { event: w.event ?? '*', schema: 'public', table: w.table, ...(w.filter ? { filter: w.filter } : {}) } as never,
        (payload: TableChange) => fire(payload),
      );
    }
    let subscribedBefore = false;
    channel.subscribe((status) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
        setLive(true);
        handlers.current.onSubscribed?.(subscribedBefore);
        subscribedBefore = true;
      } else {
        setLive(false);
      }
    });
    return () => {
      pending.forEach((p) => clearTimeout(p.timer));
      setLive(false);
      void supabase.removeChannel(channel);
    };
  }, [name, key, enabled, coalesceMs]);

  return live;
}
