// Equipment reads: one key factory for the equipment_status table. Devices are read
// through the equipment_status_live view, which adds the live status (offline after
// 3 minutes without a heartbeat: the rule lives in the database) and the customer's
// name, location and phone. Lists are filtered and paged by the database.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { containsPattern } from '@/lib/search-pattern';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';
import { tableKeys } from '@/entities/query-keys/table-keys';
import { minutesSince, shortSpan } from '@/entities/device/heartbeat-age';
import { translate } from '@/i18n';
import type { ScreenGroupTag } from '@/entities/screen-group/screen-groups';

export const EQUIPMENT_STATUSES = ['online', 'idle', 'offline', 'error'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

export const EQUIPMENT_PAGE_SIZE = 24;

/** Lists refresh this often, so heartbeats going quiet show up without a reload. */
export const EQUIPMENT_REFRESH_MS = 60_000;

export type Device = Tables<'equipment_status_live'>;

/** A screen an admin revoked: off the air, taking no heartbeat, until it is paired again. */
export function isRevoked(device: Pick<Device, 'revoked_at'>): boolean {
  return device.revoked_at !== null && device.revoked_at !== undefined;
}

/**
 * What a device's card says it is: 'revoked' for a revoked screen (its live status is
 * offline, as the counts have it), else its live status (offline after 3 silent minutes).
 */
export function deviceState(device: Pick<Device, 'live_status' | 'revoked_at'>): string {
  if (isRevoked(device)) return 'revoked';
  return device.live_status ?? 'offline';
}

/** 'Revoked 5 min ago: off the air until it is paired again.' */
export function revokedText(revokedAt: string | null, now: Date = new Date()): string {
  const minutes = minutesSince(revokedAt, now) ?? 0;
  return minutes < 1
    ? translate('equipment:revoked.justNow')
    : translate('equipment:revoked.ago', { span: shortSpan(minutes) });
}

/** 'Campaign · Slide' as the screen last reported it, or null when it reported nothing or was revoked since. */
export function nowPlaying(device: Device): string | null {
  if (isRevoked(device) || !device.current_campaign_name) return null;
  return [device.current_campaign_name, device.current_slide_title].filter(Boolean).join(' · ');
}

export interface EquipmentFilters {
  /** Matches device name or location, anywhere, any case. */
  search: string;
  status: EquipmentStatus | 'all';
  /** Only the screens of this screen group ('' for every screen). */
  group: string;
  page: number;
}

/** The group filter as the address gives it (`?group=<id>`). */
export function groupParam(params: URLSearchParams): string {
  return params.get('group') ?? '';
}

/** The columns a listed device is read with: the live row, and the groups it is in (id, name, colour). */
const LISTED = '*, groups:screen_group_members(group:screen_groups(id, name, colour))';

export const equipmentKeys = {
  all: tableKeys.equipment_status,
  counts: () => [...equipmentKeys.all, 'counts'] as const,
  lists: () => [...equipmentKeys.all, 'list'] as const,
  list: (filters: EquipmentFilters) => [...equipmentKeys.lists(), filters] as const,
  details: () => [...equipmentKeys.all, 'detail'] as const,
  detail: (id: string) => [...equipmentKeys.details(), id] as const,
};

async function fetchDevices({ search, status, group, page }: EquipmentFilters) {
  const from = page * EQUIPMENT_PAGE_SIZE;
  // A group filter joins the members (an inner embed, dropped from the result), so the database
  // keeps only that group's screens, and counts and pages them.
  let query = supabase
    .from('equipment_status_live')
    .select(group ? `${LISTED}, in_group:screen_group_members!inner(group_id)` : LISTED, { count: 'exact' })
    .order('last_heartbeat', { ascending: false, nullsFirst: false })
    .order('id')
    .range(from, from + EQUIPMENT_PAGE_SIZE - 1);
  if (status !== 'all') query = query.eq('live_status', status);
  if (group) query = query.eq('in_group.group_id', group);
  const term = search.trim();
  if (term) {
    const pattern = containsPattern(term);
    query = query.or(`device_name.ilike.${pattern},location.ilike.${pattern}`);
  }
  const { data, count } = await query.overrideTypes<ListedRow[], { merge: false }>().throwOnError();
  // The filter's join is not shown; the groups are.
  const devices = data.map(({ groups, in_group: _inGroup, ...device }) => ({
    ...device,
    groups: (groups ?? []).flatMap((m) => (m.group ? [m.group] : [])).sort((a, b) => a.name.localeCompare(b.name)),
  }));
  return { devices, total: count ?? data.length };
}

type ListedRow = Device & { groups?: { group: ScreenGroupTag | null }[]; in_group?: unknown };

/** A device as the list shows it: its live row and the groups it is in, by name. */
export type ListedDevice = Device & { groups: ScreenGroupTag[] };

export const devicesQueryOptions = (filters: EquipmentFilters) =>
  queryOptions({
    queryKey: equipmentKeys.list(filters),
    queryFn: () => fetchDevices(filters),
    placeholderData: keepPreviousData,
    refetchInterval: EQUIPMENT_REFRESH_MS,
  });

async function fetchDevice(id: string) {
  const { data } = await supabase.from('equipment_status_live').select('*').eq('id', id).maybeSingle().throwOnError();
  return data;
}

/** One device, or null when there is none with this id. */
export const deviceQueryOptions = (id: string) =>
  queryOptions({ queryKey: equipmentKeys.detail(id), queryFn: () => fetchDevice(id) });

export type EquipmentCounts = Record<EquipmentStatus, number>;

async function fetchCounts(): Promise<EquipmentCounts> {
  const { data } = await supabase.rpc('equipment_live_counts').single().throwOnError();
  return {
    online: Number(data.online),
    idle: Number(data.idle),
    offline: Number(data.offline),
    error: Number(data.error),
  };
}

export const equipmentCountsQueryOptions = () =>
  queryOptions({ queryKey: equipmentKeys.counts(), queryFn: fetchCounts, refetchInterval: EQUIPMENT_REFRESH_MS });
