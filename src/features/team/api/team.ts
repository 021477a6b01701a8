// The team (admins only): public.team_members() lists it, set_team_role() and
// remove_team_member() change it (supabase/migrations/20261130200000_team_members.sql), the
// invite-team-member edge function makes a colleague's login and e-mails a sign-in link, and
// network_settings.require_two_factor asks every team member for a code at sign-in.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { message, translate, type MessageKey } from '@/i18n';
import { callFunction } from '@/lib/functions';
import { TEAM_ROLES, type TeamRole } from '@/lib/permissions';
import { supabase } from '@/lib/supabase';
import { serverMessage } from '@/lib/write-errors';
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

/** A role's name ('Operator'), in the current language. */
export const roleLabel = (role: TeamRole): string => translate(`team:roles.${role}.name`);

/** What each role may do, in a sentence (docs/team.md has the whole table). */
export const roleSummary = (role: TeamRole): string => translate(`team:roles.${role}.summary`);

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(message('team:invite.email.invalid'))),
  role: z.enum(TEAM_ROLES, message('team:invite.role.required')),
});

export type InviteInput = z.input<typeof inviteSchema>;
export type InviteValues = z.output<typeof inviteSchema>;

/**
 * The messages our own SQL (set_team_role, remove_team_member, team_members) and the
 * invite-team-member function answer with, by their words, in the catalogue.
 */
const serverTexts: Record<string, MessageKey> = {
  'A team role is admin, operator, sales or viewer': 'team:errors.badRole',
  'The team needs at least one admin: make someone else an admin first': 'team:errors.lastAdmin',
  'You cannot change your own role; ask another admin': 'team:errors.ownRole',
  'You cannot remove yourself from the team; ask another admin': 'team:errors.removeSelf',
  'Only admins can see the team': 'team:errors.adminsOnly',
  'Only admins can invite team members': 'team:errors.inviteAdminsOnly',
  'role must be admin, operator, sales or viewer': 'team:errors.badRole',
  'role: role must be admin, operator, sales or viewer': 'team:errors.badRole',
  "This e-mail already has a login; change a team member's role on the Team page": 'team:errors.emailHasLogin',
  'A sign-in link was sent to this address moments ago; try again in a minute': 'team:errors.tooSoon',
};

/** The server's message in the catalogue's words when it is one of ours, else as it came, else `fallback`. */
function teamFailure(fallback: MessageKey, cause: unknown): Error {
  const text = serverMessage(cause);
  const known = serverTexts[text];
  return new Error(known ? translate(known) : text || translate(fallback), { cause });
}

async function inviteTeamMember(values: InviteValues): Promise<{ sentTo: string }> {
  let reply: { status: number; body: unknown };
  try {
    reply = await callFunction('invite-team-member', {
      ...values,
      redirectTo: `${window.location.origin}/auth/callback`,
    });
  } catch (error) {
    throw new Error(translate('team:invite.failed'), { cause: error });
  }
  const body = (reply.body ?? {}) as { error?: unknown; sentTo?: unknown };
  if (typeof body.error === 'string' && body.error) throw teamFailure('team:invite.failed', { message: body.error });
  if (reply.status !== 200 || typeof body.sentTo !== 'string') throw new Error(translate('team:invite.failed'));
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
      if (error) throw teamFailure('team:errors.roleFailed', error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.rpc('remove_team_member', { p_user_id: id });
      if (error) throw teamFailure('team:errors.removeFailed', error);
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
      if (error) throw teamFailure('team:twoFactor.changeFailed', error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.network_settings }),
  });
}
