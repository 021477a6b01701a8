// Which screen a venue's kiosk on /slides is. The venue is asked once on each browser
// (one of its devices, or a new named one) and the answer is kept in localStorage; the
// heartbeat and the playlist name that device. A paired screen (/screen) needs none of
// this: the server knows its device from its own login.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { supabase } from '@/lib/supabase';
import { invalidateTable, tableKeys } from '@/entities/query-keys/table-keys';

// The key the heartbeat has always kept its device under: a kiosk that reported before
// goes on as the device it was.
const DEVICE_KEY = 'signage-player:device-id';
const CHANGED = 'signage-player:device-changed';

export function chosenDevice(): string | null {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
}

/** Keeps `deviceId` as this browser's screen (null: ask again). */
export function chooseDevice(deviceId: string | null): void {
  try {
    if (deviceId) localStorage.setItem(DEVICE_KEY, deviceId);
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Without storage the choice lasts as long as the page.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** This browser's chosen screen, kept current when it is chosen or forgotten. */
export function useChosenDevice(): string | null {
  return useSyncExternalStore(subscribe, chosenDevice, () => null);
}

async function getMyScreens() {
  const { data } = await supabase
    .from('equipment_status_live')
    .select('id, device_name, location, orientation, paired, revoked_at, last_heartbeat, live_status')
    .order('device_name')
    .throwOnError();
  return data;
}

export type MyScreen = Awaited<ReturnType<typeof getMyScreens>>[number];

/** The signed-in venue's devices (its policies show it only its own), by name. */
export const myScreensQueryOptions = () =>
  queryOptions({ queryKey: [...tableKeys.equipment_status, 'mine'] as const, queryFn: getMyScreens });

export interface NewScreen {
  name: string;
  orientation: 'landscape' | 'portrait';
}

/** Adds a named screen of the signed-in venue (add_my_screen) and keeps it as this browser's. */
export function useAddMyScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, orientation }: NewScreen) => {
      const { data } = await supabase
        .rpc('add_my_screen', { p_device_name: name.trim(), p_orientation: orientation })
        .throwOnError();
      return data;
    },
    onSuccess: async (deviceId) => {
      chooseDevice(deviceId);
      await invalidateTable(queryClient, 'equipment_status');
    },
  });
}

/** Whether a kiosk may be this screen: one that is paired plays on its own login, a revoked one takes no reports. */
export function canBeChosen(screen: Pick<MyScreen, 'paired' | 'revoked_at'>): boolean {
  return screen.paired !== true && !screen.revoked_at;
}

/**
 * Whether `deviceId` is still a screen of the signed-in venue that this kiosk may be.
 * Asked when the heartbeat is refused, so that only a device that is really gone (deleted,
 * merged, moved to another venue) or revoked by an admin makes the kiosk ask again; a
 * failed read counts as still there.
 */
export async function deviceStillMine(deviceId: string): Promise<boolean> {
  const { data, error } = await supabase.from('equipment_status').select('id, revoked_at').eq('id', deviceId).limit(1);
  return error ? true : data.length > 0 && !data[0]!.revoked_at;
}
