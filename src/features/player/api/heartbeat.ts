// While the player plays, it tells the server every minute which device it is and which
// campaign it shows (public.player_heartbeat). The device is this browser: a generated
// name ('Screen <short id>') kept in localStorage, and the id the server gave it.
import { useEffect, useRef } from 'react';
import { hasLiveSession, supabase } from '@/lib/supabase';

export const HEARTBEAT_MS = 60_000;

const NAME_KEY = 'signage-player:device-name';
const ID_KEY = 'signage-player:device-id';

export function deviceName(): string {
  let name = localStorage.getItem(NAME_KEY);
  if (!name) {
    const short = (globalThis.crypto?.randomUUID?.() ?? Math.random().toString(16).slice(2)).slice(0, 8);
    name = `Screen ${short}`;
    localStorage.setItem(NAME_KEY, name);
  }
  return name;
}

export async function sendHeartbeat(campaignId: string | null, contentVersion: string | null): Promise<string | null> {
  // Without a renewed session the call could only be refused (and would cost the device id).
  if (!(await hasLiveSession())) return null;
  const knownId = localStorage.getItem(ID_KEY);
  const call = (deviceId: string | null) =>
    supabase.rpc('player_heartbeat', {
      p_device_id: deviceId ?? undefined,
      p_device_name: deviceId ? undefined : deviceName(),
      p_campaign_id: campaignId ?? undefined,
      p_content_version: contentVersion ?? undefined,
    });
  let { data, error } = await call(knownId);
  if (error?.code === '42501' && knownId) {
    // The device was removed or handed to someone else: report as this browser's named screen.
    localStorage.removeItem(ID_KEY);
    ({ data, error } = await call(null));
  }
  if (error || !data) return null;
  localStorage.setItem(ID_KEY, data);
  return data;
}

/**
 * Sends a heartbeat now and every minute while `playing`; a failed one (offline) is simply
 * tried again at the next tick. The latest campaign and version are read at each tick.
 */
export function useHeartbeat(playing: boolean, campaignId: string | null, contentVersion: string | null) {
  const latest = useRef({ campaignId, contentVersion });
  useEffect(() => {
    latest.current = { campaignId, contentVersion };
  }, [campaignId, contentVersion]);

  useEffect(() => {
    if (!playing) return;
    const beat = () => {
      void sendHeartbeat(latest.current.campaignId, latest.current.contentVersion).catch(() => null);
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [playing]);
}
