// The network's alert settings (public.alert_settings, one row) and who receives alert
// e-mails (public.alert_recipients), read and saved together: save_alert_settings() writes
// both in one transaction and enforces the same rules as the form.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { failureOr } from '@/lib/write-errors';
import { tableKeys } from '@/entities/query-keys/table-keys';

export const OFFLINE_AFTER = { min: 3, max: 1440, default: 5 } as const;

export const alertSettingsKeys = {
  all: tableKeys.alert_settings,
  settings: () => [...tableKeys.alert_settings, 'settings'] as const,
  admins: () => [...tableKeys.users, 'admins'] as const,
};

export interface AlertSettings {
  offline_after_minutes: number;
  email_enabled: boolean;
  portal_url: string | null;
  recipient_ids: string[];
}

async function getAlertSettings(): Promise<AlertSettings> {
  const [{ data: settings }, { data: recipients }] = await Promise.all([
    supabase.from('alert_settings').select('offline_after_minutes, email_enabled, portal_url').single().throwOnError(),
    supabase.from('alert_recipients').select('user_id').throwOnError(),
  ]);
  return { ...settings, recipient_ids: recipients.map((r) => r.user_id) };
}

export const alertSettingsQueryOptions = () =>
  queryOptions({ queryKey: alertSettingsKeys.settings(), queryFn: getAlertSettings });

export interface AdminOption {
  id: string;
  email: string;
}

export const adminOptionsQueryOptions = () =>
  queryOptions({
    queryKey: alertSettingsKeys.admins(),
    queryFn: async (): Promise<AdminOption[]> => {
      const { data } = await supabase
        .from('users')
        .select('id, email')
        .eq('role', 'admin')
        .order('email')
        .throwOnError();
      return data.map((u) => ({ id: u.id, email: u.email ?? '(no e-mail)' }));
    },
  });

export const alertSettingsSchema = z
  .object({
    offline_after_minutes: z
      .number({ error: 'Enter a number of minutes' })
      .int({ error: 'Enter whole minutes' })
      .min(OFFLINE_AFTER.min, { error: `At least ${OFFLINE_AFTER.min} minutes (screens report every minute)` })
      .max(OFFLINE_AFTER.max, { error: `At most ${OFFLINE_AFTER.max} minutes (a day)` }),
    email_enabled: z.boolean(),
    recipient_ids: z.array(z.string()),
    portal_url: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, {
        error: 'Enter the address admins open the portal at, like https://portal.example.com',
      }),
  })
  .refine((v) => !v.email_enabled || v.recipient_ids.length > 0, {
    path: ['recipient_ids'],
    error: 'Choose at least one admin to e-mail, or turn e-mails off.',
  });

export type AlertSettingsValues = z.infer<typeof alertSettingsSchema>;

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: AlertSettingsValues) => {
      const { error } = await supabase.rpc('save_alert_settings', {
        p_offline_after_minutes: values.offline_after_minutes,
        p_email_enabled: values.email_enabled,
        p_recipient_ids: values.recipient_ids,
        p_portal_url: values.portal_url,
      });
      if (error) throw failureOr('Failed to save the alert settings', error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertSettingsKeys.all }),
  });
}
