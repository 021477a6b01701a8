// Screen groups: named sets of screens (screen_groups) and who is in them
// (screen_group_members). A screen may be in many groups and a group may span venues. The
// Groups page, Equipment's group filter and bulk actions, the Availability page and network
// campaign targets read them from here. Key roots follow the tables (tableKeys), so a change of
// either table refreshes every read built on it.
import { queryOptions } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';
import { tableKeys } from '../query-keys/table-keys';

export type ScreenGroup = Tables<'screen_groups'>;

/** A group as chips and selects show it. */
export type ScreenGroupTag = Pick<ScreenGroup, 'id' | 'name' | 'colour'>;

export const screenGroupKeys = {
  all: tableKeys.screen_groups,
  lists: () => [...screenGroupKeys.all, 'list'] as const,
  details: () => [...screenGroupKeys.all, 'detail'] as const,
  detail: (id: string) => [...screenGroupKeys.details(), id] as const,
};

export const screenGroupMemberKeys = {
  all: tableKeys.screen_group_members,
  /** A group's member count and online count. */
  counts: (groupId: string) => [...screenGroupMemberKeys.all, 'counts', groupId] as const,
  /** A group's members, with their venue and live status. */
  list: (groupId: string) => [...screenGroupMemberKeys.all, 'list', groupId] as const,
};

async function fetchGroups() {
  const { data } = await supabase.from('screen_groups').select('*').order('name').throwOnError();
  return data;
}

/** Every group by name (groups are few: tens, not thousands). */
export const screenGroupsQueryOptions = () => queryOptions({ queryKey: screenGroupKeys.lists(), queryFn: fetchGroups });

export interface ScreenGroupCounts {
  members: number;
  /** Members whose live status is 'online' (a heartbeat in the last 3 minutes). */
  online: number;
}

/**
 * A group's member and online counts, counted by the database (two exact counts that return
 * no rows), so a group of thousands of screens costs two small requests.
 */
async function fetchCounts(groupId: string): Promise<ScreenGroupCounts> {
  const [members, online] = await Promise.all([
    supabase
      .from('screen_group_members')
      .select('device_id', { count: 'exact', head: true })
      .eq('group_id', groupId)
      .throwOnError(),
    supabase
      .from('screen_group_members')
      .select('device_id, equipment_status_live!inner()', { count: 'exact', head: true })
      .eq('group_id', groupId)
      .eq('equipment_status_live.live_status', 'online')
      .throwOnError(),
  ]);
  return { members: members.count ?? 0, online: online.count ?? 0 };
}

/** Online counts change as heartbeats come and go: read again this often while shown. */
export const GROUP_COUNTS_REFRESH_MS = 60_000;

export const screenGroupCountsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: screenGroupMemberKeys.counts(groupId),
    queryFn: () => fetchCounts(groupId),
    refetchInterval: GROUP_COUNTS_REFRESH_MS,
  });

async function fetchMembers(groupId: string) {
  const { data } = await supabase
    .from('screen_group_members')
    .select('device_id, screen:equipment_status_live!inner(id, device_name, customer_name, live_status, revoked_at)')
    .eq('group_id', groupId)
    .order('created_at')
    .throwOnError();
  return data.map(({ device_id, screen }) => ({
    deviceId: device_id,
    name: screen.device_name ?? translate('groups:members.defaultName'),
    venue: screen.customer_name,
    status: screen.revoked_at ? 'revoked' : (screen.live_status ?? 'offline'),
  }));
}

export type ScreenGroupMember = Awaited<ReturnType<typeof fetchMembers>>[number];

/** A group's screens, in the order they joined it. */
export const screenGroupMembersQueryOptions = (groupId: string) =>
  queryOptions({ queryKey: screenGroupMemberKeys.list(groupId), queryFn: () => fetchMembers(groupId) });
