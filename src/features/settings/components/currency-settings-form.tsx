// Settings → Currency: the currency every price, fee and statement is shown in
// (network_settings.currency). Saving it changes the amounts on every screen at once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { intlLocale } from '@/i18n';
import { useCan } from '@/lib/auth';
import {
  COMMON_CURRENCIES,
  currencySchema,
  type CurrencyValues,
  type NetworkSettings,
  networkSettingsQueryOptions,
  useSaveCurrency,
} from '../api/network-settings';

/** 'Euro (EUR)', 'Euro (EUR)', 'Euro (EUR)' in the screens' language. */
function currencyOptions(saved: string) {
  const names = new Intl.DisplayNames(intlLocale(), { type: 'currency' });
  const codes: string[] = COMMON_CURRENCIES.includes(saved as never) ? [...COMMON_CURRENCIES] : [...COMMON_CURRENCIES, saved];
  return codes.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
}

function CurrencyFields({ saved }: { saved: NetworkSettings }) {
  const { t } = useTranslation(['settings', 'common']);
  const toast = useToast();
  const save = useSaveCurrency();
  const canEdit = useCan('settings');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<CurrencyValues>({
    resolver: zodResolver(currencySchema),
    defaultValues: { currency: saved.currency },
  });

  const onSubmit = (values: CurrencyValues) =>
    save.mutate(values, {
      onSuccess: () => {
        reset(values);
        toast({ title: t('currency.saved'), tone: 'success' });
      },
    });

  return (
    <Card>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-labelledby="currency-title">
        <CardHeader>
          <CardTitle id="currency-title">{t('currency.title')}</CardTitle>
          <CardDescription>{t('currency.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <Field label={t('currency.label')} hint={t('currency.hint')} error={errors.currency?.message}>
            {(c) => (
              <Select {...c} options={currencyOptions(saved.currency)} disabled={!canEdit} {...register('currency')} />
            )}
          </Field>
          {save.error && (
            <Alert tone="danger" className="md:col-span-2">
              {save.error.message}
            </Alert>
          )}
        </CardContent>
        {canEdit && (
          <CardFooter className="justify-end">
            <Button type="submit" isLoading={save.isPending} disabled={save.isPending}>
              {save.isPending ? t('form.saving') : isDirty ? t('form.saveChanges') : t('common:actions.save')}
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}

/** The network's currency, loaded, then the form. */
export function CurrencySettingsSection() {
  const { t } = useTranslation('settings');
  const settings = useQuery(networkSettingsQueryOptions());
  return (
    <QueryBoundary
      query={settings}
      loading={
        <LoadingRegion label={t('currency.loading')}>
          <Skeleton className="h-40 w-full" />
        </LoadingRegion>
      }
      error={t('currency.loadFailed')}
    >
      {(saved) => <CurrencyFields saved={saved} />}
    </QueryBoundary>
  );
}
