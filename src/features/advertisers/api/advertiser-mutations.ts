// Advertiser writes. Each mutation refreshes the advertiser queries it changes before it settles.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { uniqueFileName, uploadFile } from '@/lib/storage';
import { serverFailure } from '@/entities/advertiser/server-errors';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import type { AdvertiserFormValues } from './advertiser-schema';
import { LOGO_BUCKET, type Advertiser } from './advertisers';

/** Uploads a logo under a unique name (the file's own name in front); any storage refusal becomes 'Failed to upload logo'. */
async function uploadLogo(file: File): Promise<string> {
  try {
    return await uploadFile(LOGO_BUCKET, uniqueFileName(file), file);
  } catch (error) {
    throw new Error(translate('advertisers:form.errors.uploadLogoFailed'), { cause: error });
  }
}

async function toRow({ logo, ...fields }: AdvertiserFormValues, currentLogo: string | null) {
  const company_logo = logo ? await uploadLogo(logo) : currentLogo;
  return { ...fields, company_logo };
}

async function createAdvertiser(values: AdvertiserFormValues) {
  const row = await toRow(values, null);
  const { data, error } = await supabase
    .from('advertisers')
    // total_spent is not sent: the database computes it from closed months' statements.
    .insert(row)
    .select('id')
    .single();
  if (error) throw serverFailure(translate('advertisers:form.errors.addFailed'), error);
  return data;
}

async function updateAdvertiser({
  id,
  values,
  currentLogo,
}: {
  id: string;
  values: AdvertiserFormValues;
  currentLogo: string | null;
}) {
  const row = await toRow(values, currentLogo);
  const { error } = await supabase.from('advertisers').update(row).eq('id', id);
  if (error) throw serverFailure(translate('advertisers:form.errors.updateFailed'), error);
}

/** The list toggle: active becomes inactive, anything else becomes active. */
export function toggledStatus(status: string): 'active' | 'inactive' {
  return status === 'active' ? 'inactive' : 'active';
}

async function toggleAdvertiserStatus(advertiser: Pick<Advertiser, 'id' | 'status'>) {
  await supabase
    .from('advertisers')
    .update({ status: toggledStatus(advertiser.status) })
    .eq('id', advertiser.id)
    .throwOnError();
}

export function useCreateAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdvertiser,
    onSuccess: () => invalidateTable(queryClient, 'advertisers'),
  });
}

export function useUpdateAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdvertiser,
    onSuccess: () => invalidateTable(queryClient, 'advertisers'),
  });
}

export function useToggleAdvertiserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleAdvertiserStatus,
    onSuccess: () => invalidateTable(queryClient, 'advertisers'),
    // The spec logs a failed toggle; the list shows the unchanged status.
    onError: (error) => console.error('Failed to update advertiser status', error),
  });
}

/** The text of a failed save: its message, else the form's fallback. */
export function saveErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : translate('advertisers:form.errors.saveFailed');
}
