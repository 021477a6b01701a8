// While the player plays, it tells the server every minute what is on screen
// (public.player_heartbeat): the campaign and slide, the playlist version, the app
// version, the screen's resolution, any problems it kept off the screen, and the device's
// clock (the server measures how far it is off, and allows that much drift when it checks
// the plays this screen uploads against the schedule), and its health figures (device-health.ts). A venue's kiosk names its chosen
// device; a paired screen's device is known from its login.
import { useEffect, useRef } from 'react';
import { diagnosticsSummary } from '@/lib/diagnostics';
import { hasLiveSession, supabase } from '@/lib/supabase';
import type { Json } from '@/types/database';
import { chooseDevice, deviceStillMine } from './device';
import { BOOT_ID, collectDeviceHealth } from './device-health';

export const HEARTBEAT_MS = 60_000;

/** The build playing, set by vite.config.ts ('dev' when run from source). */
export const APP_VERSION = import.meta.env.VITE_APP_VERSION ?? 'dev';

export interface OnScreen {
  campaignId: string | null;
  slideId: string | null;
  contentVersion: string | null;
}

/** The player's size in device pixels, for example 1920x1080. */
export function screenResolution(): string {
  const ratio = window.devicePixelRatio || 1;
  return `${Math.round(window.innerWidth * ratio)}x${Math.round(window.innerHeight * ratio)}`;
}

/**
 * Sends one heartbeat for `deviceId` (null: a paired screen's own device). A device merged
 * into another is followed to it; a device the venue no longer has is forgotten, so that
 * the kiosk asks which screen it is again.
 */
export async function sendHeartbeat(deviceId: string | null, onScreen: OnScreen): Promise<boolean> {
  // Without a renewed session the call could only be refused.
  if (!(await hasLiveSession())) return false;
  const { data, error } = await supabase.rpc('player_heartbeat', {
    p_device_id: deviceId ?? undefined,
    p_campaign_id: onScreen.campaignId ?? undefined,
    p_slide_id: onScreen.campaignId ? (onScreen.slideId ?? undefined) : undefined,
    p_content_version: onScreen.contentVersion ?? undefined,
    p_app_version: APP_VERSION,
    p_resolution: screenResolution(),
    p_diagnostics: diagnosticsSummary() ?? undefined,
    p_device_time: new Date().toISOString(),
    p_health: (await collectDeviceHealth()) as Json,
    p_boot_id: BOOT_ID,
  });
  if (error?.code === '42501' && deviceId && !(await deviceStillMine(deviceId))) chooseDevice(null);
  // A device merged into another: the server names the one this screen is now.
  if (!error && deviceId && data && data !== deviceId) chooseDevice(data);
  return !error;
}

/**
 * Sends a heartbeat now and every minute while `playing`; a failed one (offline) is simply
 * tried again at the next tick. What is on screen is read at each tick.
 */
export function useHeartbeat(playing: boolean, deviceId: string | null, onScreen: OnScreen) {
  const latest = useRef(onScreen);
  useEffect(() => {
    latest.current = onScreen;
  });

  useEffect(() => {
    if (!playing) return;
    const beat = () => {
      void sendHeartbeat(deviceId, latest.current).catch(() => false);
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [playing, deviceId]);
}
