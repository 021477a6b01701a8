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
   * `alreadyLive`: the watched tables another channel of this page was already subscribed to
   * (their changes reached that channel's caller meanwhile).
   */
  onSubscribed?: (again: boolean, alreadyLive: string[]) => void;
  enabled?: boolean;
  coalesceMs?: number;
}

/** For each table, the page's channels subscribed to it now. */
const liveChannels = new Map<string, Set<object>>();
const setTablesLive = (owner: object, tables: string[], live: boolean) => {
  for (const table of tables) {
    const owners = liveChannels.get(table) ?? new Set<object>();
    if (live) owners.add(owner);
    else owners.delete(owner);
    if (owners.size) liveChannels.set(table, owners);
    else liveChannels.delete(table);
  }
};

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
    const owner = {};
    const tableNames = [...new Set(watches.map((w) => w.table))];
    let left = false;
    channel.subscribe((status) => {
      // A join answered after the page left it is not a live channel.
      if (left) return;
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
        setLive(true);
        const alreadyLive = tableNames.filter((t) => [...(liveChannels.get(t) ?? [])].some((o) => o !== owner));
        setTablesLive(owner, tableNames, true);
        handlers.current.onSubscribed?.(subscribedBefore, alreadyLive);
        subscribedBefore = true;
      } else {
        setTablesLive(owner, tableNames, false);
        setLive(false);
      }
    });
    return () => {
      left = true;
      pending.forEach((p) => clearTimeout(p.timer));
      setTablesLive(owner, tableNames, false);
      setLive(false);
      void supabase.removeChannel(channel);
    };
  }, [name, key, enabled, coalesceMs]);

  return live;
}
