// The team (admins only): public.team_members() lists it, set_team_role() and
// remove_team_member() change it (supabase/migrations/20261130200000_team_members.sql), the
// invite-team-member edge function makes a colleague's login and e-mails a sign-in link, and
// network_settings.require_two_factor asks every team member for a code at sign-in.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callFunction } from '@/lib/functions';
import { TEAM_ROLES, type TeamRole } from '@/lib/permissions';
import { supabase } from '@/lib/supabase';
import { failureOr } from '@/lib/write-errors';
import { tableKeys } from '@/entities/query-keys/table-keys';

export const teamKeys = {
  all: tableKeys.users,
  members: () => [...tableKeys.users, 'team'] as const,
  twoFactor: () => [...tableKeys.network_settings, 'require-two-factor'] as const,
};

export interface TeamMember {
  id: string;
  email: string;
  role: TeamRole;
  created_at: string;
  last_sign_in_at: string | null;
  two_factor: boolean;
  /** Invited, never signed in. */
  pending: boolean;
}

export const teamMembersQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.members(),
    queryFn: async (): Promise<TeamMember[]> => {
      const { data } = await supabase.rpc('team_members').throwOnError();
      return data.map((m) => ({ ...m, role: m.role as TeamRole }));
    },
  });

/** What each role may do, in a sentence (docs/team.md has the whole table). */
export const ROLE_SUMMARY: Record<TeamRole, string> = {
  admin: 'Everything, including the team and the settings',
  operator: 'Screens, groups, alerts, venues, campaigns and content; no money, no bank details',
  sales: 'Advertisers, ads, campaigns, availability, reports and statements; no screen controls',
  viewer: 'Reads what an operator reads; changes nothing',
};

export const ROLE_LABEL: Record<TeamRole, string> = {
  admin: 'Admin',
  operator: 'Operator',
  sales: 'Sales',
  viewer: 'Viewer',
};

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Enter an e-mail address' })),
  role: z.enum(TEAM_ROLES, { error: 'Choose a role' }),
});

export type InviteInput = z.input<typeof inviteSchema>;
export type InviteValues = z.output<typeof inviteSchema>;

const INVITE_FAILED = 'The invitation could not be sent. Please try again.';

async function inviteTeamMember(values: InviteValues): Promise<{ sentTo: string }> {
  let reply: { status: number; body: unknown };
  try {
    reply = await callFunction('invite-team-member', {
      ...values,
      redirectTo: `${window.location.origin}/auth/callback`,
    });
  } catch (error) {
    throw new Error(INVITE_FAILED, { cause: error });
  }
  const body = (reply.body ?? {}) as { error?: unknown; sentTo?: unknown };
  if (typeof body.error === 'string' && body.error) throw new Error(body.error);
  if (reply.status !== 200 || typeof body.sentTo !== 'string') throw new Error(INVITE_FAILED);
  return { sentTo: body.sentTo };
}

export function useInviteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}

export function useSetTeamRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, role }: { id: string; role: TeamRole }) => {
      const { error } = await supabase.rpc('set_team_role', { p_user_id: id, p_role: role });
      if (error) throw failureOr('The role could not be changed', error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.rpc('remove_team_member', { p_user_id: id });
      if (error) throw failureOr('The team member could not be removed', error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const requireTwoFactorQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.twoFactor(),
    queryFn: async (): Promise<boolean> => {
      const { data } = await supabase.from('network_settings').select('require_two_factor').single().throwOnError();
      return data.require_two_factor;
    },
  });

export function useSetRequireTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (required: boolean) => {
      const { error } = await supabase.from('network_settings').update({ require_two_factor: required }).eq('id', true);
      if (error) throw failureOr('Two-factor sign-in could not be changed', error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.network_settings }),
  });
}
