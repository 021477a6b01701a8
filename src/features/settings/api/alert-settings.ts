// The network's alert settings (public.alert_settings, one row) and who receives alert
// e-mails (public.alert_recipients), read and saved together: save_alert_settings() writes
// both in one transaction and enforces the same rules as the form.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { message, translate, type MessageKey } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { serverMessage } from '@/lib/write-errors';
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
      return data.map((u) => ({ id: u.id, email: u.email ?? translate('settings:alerts.recipients.noEmail') }));
    },
  });

export const alertSettingsSchema = z
  .object({
    offline_after_minutes: z
      .number(message('settings:alerts.minutes.number'))
      .int(message('settings:alerts.minutes.whole'))
      .min(OFFLINE_AFTER.min, message('settings:alerts.minutes.min', { min: OFFLINE_AFTER.min }))
      .max(OFFLINE_AFTER.max, message('settings:alerts.minutes.max', { max: OFFLINE_AFTER.max })),
    email_enabled: z.boolean(),
    recipient_ids: z.array(z.string()),
    portal_url: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, message('settings:alerts.portal.invalid')),
  })
  .refine((v) => !v.email_enabled || v.recipient_ids.length > 0, {
    path: ['recipient_ids'],
    ...message('settings:alerts.recipients.required'),
  });

export type AlertSettingsValues = z.infer<typeof alertSettingsSchema>;

/** A refused save: the message in the screen's language and, when known, the field it concerns. */
export class AlertSettingsSaveError extends Error {
  constructor(
    text: string,
    readonly field: keyof AlertSettingsValues | null,
    options?: ErrorOptions,
  ) {
    super(text, options);
  }
}

/** save_alert_settings()'s and the tables' refusals: what each says, in the catalogue's words, and its field. */
const REFUSALS: { match: RegExp; key?: MessageKey; field: keyof AlertSettingsValues | null }[] = [
  { match: /^Only admins can change the alert settings/, key: 'settings:alerts.errors.notAllowed', field: null },
  {
    match: /alert_settings_offline_after_minutes|^Alert after must be between/,
    key: 'settings:alerts.errors.minutesRange',
    field: 'offline_after_minutes',
  },
  {
    match: /alert_settings_recipients_when_email_enabled|^Choose at least one admin to e-mail/,
    key: 'settings:alerts.recipients.required',
    field: 'recipient_ids',
  },
  { match: /^Only admins can receive alert e-mails/, field: 'recipient_ids' },
  { match: /alert_settings_portal_url_is_http/, key: 'settings:alerts.portal.invalid', field: 'portal_url' },
];

function saveFailure(cause: unknown): AlertSettingsSaveError {
  const said = serverMessage(cause);
  const refusal = REFUSALS.find((r) => r.match.test(said));
  const text = refusal?.key ? translate(refusal.key, { min: OFFLINE_AFTER.min, max: OFFLINE_AFTER.max }) : said;
  return new AlertSettingsSaveError(text || translate('settings:alerts.errors.saveFailed'), refusal?.field ?? null, {
    cause,
  });
}

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
      if (error) throw saveFailure(error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertSettingsKeys.all }),
  });
}
