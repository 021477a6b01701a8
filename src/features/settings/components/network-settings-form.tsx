// Settings → Loops: the loop length a new screen gets. Screens already on the network keep
// theirs (each is changed on Equipment), so a change here never overbooks a screen.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { LoopSecondsField } from '@/entities/device/loop-seconds-field';
import {
  type NetworkSettings,
  networkSettingsQueryOptions,
  networkSettingsSchema,
  type NetworkSettingsValues,
  useSaveNetworkSettings,
} from '../api/network-settings';

function NetworkSettingsFields({ saved }: { saved: NetworkSettings }) {
  const { t } = useTranslation(['settings', 'common']);
  const toast = useToast();
  const save = useSaveNetworkSettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<NetworkSettingsValues>({
    resolver: zodResolver(networkSettingsSchema),
    defaultValues: { default_loop_seconds: saved.default_loop_seconds },
  });

  const onSubmit = (values: NetworkSettingsValues) =>
    save.mutate(values, {
      onSuccess: () => {
        reset(values);
        toast({ title: t('loops.saved'), tone: 'success' });
      },
      onError: (error) => setError('default_loop_seconds', { message: error.message }, { shouldFocus: true }),
    });

  return (
    <Card>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        aria-labelledby="network-settings-title"
      >
        <CardHeader>
          <CardTitle id="network-settings-title">{t('loops.title')}</CardTitle>
          <CardDescription>{t('loops.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <LoopSecondsField
            label={t('loops.label')}
            hint={t('loops.hint')}
            registration={register('default_loop_seconds', { valueAsNumber: true })}
            error={errors.default_loop_seconds?.message}
          />
          {save.error && !errors.default_loop_seconds && (
            <Alert tone="danger" className="md:col-span-2">
              {save.error.message}
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

/** The network settings, loaded, then the form. */
export function NetworkSettingsSection() {
  const { t } = useTranslation('settings');
  const settings = useQuery(networkSettingsQueryOptions());
  return (
    <QueryBoundary
      query={settings}
      loading={
        <LoadingRegion label={t('loops.loading')}>
          <Skeleton className="h-48 w-full" />
        </LoadingRegion>
      }
      error={t('loops.loadFailed')}
    >
      {(saved) => <NetworkSettingsFields saved={saved} />}
    </QueryBoundary>
  );
}
