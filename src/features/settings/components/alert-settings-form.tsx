// Settings → Alerts: when a silent screen raises an alert, whether alerts are e-mailed, to
// which admins, and the portal address the e-mails link to. Saved in one call; a failed
// save keeps what was typed, with the message at the field it concerns.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useController, useForm, useWatch, type Control } from 'react-hook-form';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxList } from '@/components/ui/checkbox-list';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import {
  adminOptionsQueryOptions,
  type AlertSettings,
  AlertSettingsSaveError,
  alertSettingsQueryOptions,
  alertSettingsSchema,
  type AlertSettingsValues,
  OFFLINE_AFTER,
  useSaveAlertSettings,
} from '../api/alert-settings';

function Recipients({
  control,
  error,
  disabled,
}: {
  control: Control<AlertSettingsValues>;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const admins = useQuery(adminOptionsQueryOptions());
  const { field } = useController({ control, name: 'recipient_ids' });
  return (
    <fieldset
      className="space-y-2 md:col-span-2"
      aria-describedby={error ? `${id}-error` : undefined}
      disabled={disabled}
    >
      <legend className="text-sm font-medium text-gray-700">{t('alerts.recipients.legend')}</legend>
      <CheckboxList
        label={t('alerts.recipients.label')}
        query={{ ...admins, data: admins.data?.map((admin) => ({ id: admin.id, label: admin.email })) }}
        loadingText={t('alerts.recipients.loading')}
        errorText={t('alerts.recipients.loadFailed')}
        emptyText={t('alerts.recipients.empty')}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Which field a refusal from the database concerns (save_alert_settings names it by its constraint). */
const fieldOf = (error: Error): keyof AlertSettingsValues | null =>
  error instanceof AlertSettingsSaveError ? error.field : null;

function AlertSettingsFields({ saved }: { saved: AlertSettings }) {
  const { t } = useTranslation(['settings', 'common']);
  const toast = useToast();
  const save = useSaveAlertSettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<AlertSettingsValues>({
    resolver: zodResolver(alertSettingsSchema),
    defaultValues: {
      offline_after_minutes: saved.offline_after_minutes,
      email_enabled: saved.email_enabled,
      recipient_ids: saved.recipient_ids,
      // Where this admin opens the portal now, until one is saved.
      portal_url: saved.portal_url ?? window.location.origin,
    },
  });
  const emailEnabled = useWatch({ control, name: 'email_enabled' });

  const onSubmit = (values: AlertSettingsValues) =>
    save.mutate(values, {
      onSuccess: () => {
        reset(values);
        toast({ title: t('alerts.saved'), tone: 'success' });
      },
      onError: (error) => {
        const field = fieldOf(error);
        if (field) setError(field, { message: error.message }, { shouldFocus: true });
      },
    });

  const unplacedError = save.error && !fieldOf(save.error) ? save.error.message : null;

  return (
    <Card>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-labelledby="alert-settings-title">
        <CardHeader>
          <CardTitle id="alert-settings-title">{t('alerts.title')}</CardTitle>
          <CardDescription>{t('alerts.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <Field
            label={t('alerts.minutes.label')}
            hint={t('alerts.minutes.hint', { min: OFFLINE_AFTER.min, max: OFFLINE_AFTER.max })}
            error={errors.offline_after_minutes?.message}
          >
            {(c) => (
              <Input
                {...c}
                type="number"
                inputMode="numeric"
                min={OFFLINE_AFTER.min}
                max={OFFLINE_AFTER.max}
                {...register('offline_after_minutes', { valueAsNumber: true })}
              />
            )}
          </Field>
          <div className="flex items-center justify-between gap-3 self-center">
            <Label htmlFor="alert-email-enabled">{t('alerts.email')}</Label>
            <Controller
              control={control}
              name="email_enabled"
              render={({ field }) => (
                <Switch id="alert-email-enabled" checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
          </div>
          <Recipients control={control} error={errors.recipient_ids?.message} disabled={!emailEnabled} />
          <Field
            label={t('alerts.portal.label')}
            hint={t('alerts.portal.hint')}
            error={errors.portal_url?.message}
            className="md:col-span-2"
          >
            {(c) => <Input {...c} type="url" autoComplete="url" {...register('portal_url')} />}
          </Field>
          {unplacedError && (
            <Alert tone="danger" className="md:col-span-2">
              {unplacedError}
            </Alert>
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" isLoading={save.isPending} disabled={save.isPending}>
            {save.isPending ? t('form.saving') : isDirty ? t('form.saveChanges') : t('common:actions.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** The alert settings, loaded, then the form (which owns the edits from then on). */
export function AlertSettingsSection() {
  const { t } = useTranslation('settings');
  const settings = useQuery(alertSettingsQueryOptions());
  return (
    <QueryBoundary
      query={settings}
      loading={
        <LoadingRegion label={t('alerts.loading')}>
          <Skeleton className="h-72 w-full" />
        </LoadingRegion>
      }
      error={t('alerts.loadFailed')}
    >
      {(saved) => <AlertSettingsFields saved={saved} />}
    </QueryBoundary>
  );
}
