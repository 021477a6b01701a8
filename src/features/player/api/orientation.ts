// The orientation a playing screen's device is set to (Add screen, Edit, or the /slides
// question), read from its own equipment_status row, which a paired screen and a venue's kiosk
// may both read. Portrait lays slides out top to bottom (SlideView). The answer is kept on the
// device, so a screen restarted without a network keeps its layout.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { tableKeys } from '@/entities/query-keys/table-keys';
import type { Orientation } from '@/entities/device/device-rules';
import { supabase } from '@/lib/supabase';

export const orientationKey = (deviceId: string | null) =>
  [...tableKeys.equipment_status, 'orientation', deviceId] as const;

const storageKey = (deviceId: string) => `signage-player:orientation:${deviceId}`;

function keptOrientation(deviceId: string): Orientation | undefined {
  try {
    const value = localStorage.getItem(storageKey(deviceId));
    return value === 'portrait' || value === 'landscape' ? value : undefined;
  } catch {
    return undefined;
  }
}

function keepOrientation(deviceId: string, orientation: Orientation) {
  try {
    localStorage.setItem(storageKey(deviceId), orientation);
  } catch {
    // Without storage the layout follows the window's shape after a restart offline.
  }
}

/**
 * The orientation a Realtime change of the device's row carries: taken as it is, no read.
 * A change without it (a row Realtime sent in part) reads the row again.
 */
export function takeOrientation(queryClient: QueryClient, deviceId: string, row: Record<string, unknown>): void {
  const value = row.orientation;
  if (value !== 'portrait' && value !== 'landscape') {
    void queryClient.invalidateQueries({ queryKey: orientationKey(deviceId) });
    return;
  }
  if (queryClient.getQueryData(orientationKey(deviceId)) === value) return;
  keepOrientation(deviceId, value);
  queryClient.setQueryData(orientationKey(deviceId), value);
}

async function getOrientation(deviceId: string): Promise<Orientation | null> {
  const { data } = await supabase
    .from('equipment_status')
    .select('orientation')
    .eq('id', deviceId)
    .maybeSingle()
    .throwOnError();
  // No row: the device is not this login's (any more); what the device kept stands.
  if (!data) return keptOrientation(deviceId) ?? null;
  const orientation: Orientation = data.orientation === 'portrait' ? 'portrait' : 'landscape';
  keepOrientation(deviceId, orientation);
  return orientation;
}

/**
 * The orientation of the screen's device, or null while unknown. Read while the session is
 * live (`enabled`); a failed read keeps what was known. A change reaches the screen with its
 * device's Realtime change, which carries it (PlaylistScreen hands it to takeOrientation).
 */
export function useDeviceOrientation(deviceId: string | null, enabled: boolean): Orientation | null {
  const query = useQuery({
    queryKey: orientationKey(deviceId),
    queryFn: () => getOrientation(deviceId!),
    enabled: enabled && Boolean(deviceId),
    initialData: deviceId ? keptOrientation(deviceId) : undefined,
    initialDataUpdatedAt: 0,
    retry: false,
    networkMode: 'always',
  });
  return query.data ?? null;
}
