// Writing screen groups and their members. The database enforces every rule (a name unique
// whatever its case, a '#rrggbb' colour, at most 500 characters of description, admins only);
// the form's schema mirrors them for messages at the field.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deviceFailure } from '@/entities/device/server-errors';
import { message, translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { serverMessage } from '@/lib/write-errors';
import { invalidateTable } from '../query-keys/table-keys';

export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 500;
/** The colour a new group starts with (the brand's blue). */
export const DEFAULT_GROUP_COLOUR = '#2563eb';

export const screenGroupSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, message('groups:form.name.required'))
    .max(GROUP_NAME_MAX, message('groups:form.tooLong', { max: GROUP_NAME_MAX })),
  colour: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, message('groups:form.colour.invalid')),
  description: z
    .string()
    .trim()
    .max(GROUP_DESCRIPTION_MAX, message('groups:form.tooLong', { max: GROUP_DESCRIPTION_MAX })),
});

export type ScreenGroupInput = z.input<typeof screenGroupSchema>;
export type ScreenGroupValues = z.output<typeof screenGroupSchema>;

/** A refused save, with the form field it concerns (when one field can fix it). */
export class ScreenGroupError extends Error {
  constructor(
    message: string,
    readonly field: keyof ScreenGroupValues | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

function errorCode(cause: unknown): string | undefined {
  return cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string'
    ? cause.code
    : undefined;
}

/** The database's refusal in the form's words: a taken name (23505) or a broken rule (23514) at its field. */
export function groupSaveError(cause: unknown, name: string): ScreenGroupError {
  const code = errorCode(cause);
  const text = serverMessage(cause);
  if (code === '23505') return new ScreenGroupError(translate('groups:form.name.taken', { name }), 'name', { cause });
  if (code === '23514') {
    const field = /colour/.test(text) ? 'colour' : /description/.test(text) ? 'description' : 'name';
    const said = {
      colour: translate('groups:form.colour.invalid'),
      description: translate('groups:form.tooLong', { max: GROUP_DESCRIPTION_MAX }),
      name: translate('groups:form.name.range', { max: GROUP_NAME_MAX }),
    }[field];
    return new ScreenGroupError(said, field, { cause });
  }
  return new ScreenGroupError(deviceFailure(translate('groups:form.saveFailed'), cause).message, null, { cause });
}

function rowOf(values: ScreenGroupValues) {
  return { name: values.name, colour: values.colour, description: values.description || null };
}

/** Creates a group; resolves to its id. */
export function useCreateScreenGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ScreenGroupValues) => {
      const { data, error } = await supabase.from('screen_groups').insert(rowOf(values)).select('id').single();
      if (error) throw groupSaveError(error, values.name);
      return data.id;
    },
    onSuccess: () => invalidateTable(queryClient, 'screen_groups'),
  });
}

/** Renames a group, or changes its colour or description. */
export function useUpdateScreenGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string; values: ScreenGroupValues }) => {
      const { error } = await supabase.from('screen_groups').update(rowOf(values)).eq('id', id).select('id').single();
      if (error) throw groupSaveError(error, values.name);
    },
    onSuccess: () => invalidateTable(queryClient, 'screen_groups'),
  });
}

/** Deletes a group; its screens stay, only out of it (and out of campaigns that targeted it). */
export function useDeleteScreenGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('screen_groups').delete().eq('id', id);
      if (error) throw deviceFailure(translate('groups:errors.deleteFailed'), error);
    },
    onSuccess: () => invalidateTable(queryClient, 'screen_groups'),
  });
}

export interface GroupMembersChange {
  groupId: string;
  deviceIds: readonly string[];
}

/**
 * Puts screens into a group in one insert (all or none); screens already in it stay as they
 * are. Resolves to how many joined (the database's count of rows it inserted). A screen joining a group that a network campaign targets books its spots there, so the
 * database may refuse the whole insert (409, PT409) when a loop would overflow: its message
 * names the screen and the moment.
 */
export function useAddToScreenGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, deviceIds }: GroupMembersChange): Promise<number> => {
      const { error, count } = await supabase.from('screen_group_members').upsert(
        deviceIds.map((device_id) => ({ group_id: groupId, device_id })),
        { onConflict: 'group_id,device_id', ignoreDuplicates: true, count: 'exact' },
      );
      if (error) throw deviceFailure(translate('groups:errors.addFailed'), error);
      return count ?? deviceIds.length;
    },
    onSuccess: () => invalidateTable(queryClient, 'screen_group_members'),
  });
}

/** Takes screens out of a group in one delete; resolves to how many were in it. */
export function useRemoveFromScreenGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, deviceIds }: GroupMembersChange): Promise<number> => {
      const { error, count } = await supabase
        .from('screen_group_members')
        .delete({ count: 'exact' })
        .eq('group_id', groupId)
        .in('device_id', [...deviceIds]);
      if (error) throw deviceFailure(translate('groups:errors.removeFailed'), error);
      return count ?? deviceIds.length;
    },
    onSuccess: () => invalidateTable(queryClient, 'screen_group_members'),
  });
}
