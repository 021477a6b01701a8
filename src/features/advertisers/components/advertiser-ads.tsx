// The advertiser's ads on its page: each with its status and daily budget, added and
// edited in a dialog. Slides name one of these, so its plays count in the reports.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Megaphone, Pencil, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatMoney, networkCurrency } from '@/lib/format';
import { intlLocale } from '@/i18n';
import {
  AD_STATUSES,
  adFormSchema,
  type AdFormValues,
  type AdvertiserAd,
  advertiserAdsQueryOptions,
  useSaveAd,
} from '../api/ads';

const statusTones = { active: 'success', pending: 'warning', paused: 'neutral', other: 'neutral' } as const;

/** The network currency's sign in the current language ('$', '€', 'US$'), for the budget's label. */
function currencySign(): string {
  const currency = networkCurrency();
  try {
    const parts = new Intl.NumberFormat(intlLocale(), { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

function isAdStatus(status: string): status is AdFormValues['status'] {
  return (AD_STATUSES as readonly string[]).includes(status);
}

function AdDialog({
  advertiserId,
  ad,
  open,
  onOpenChange,
}: {
  advertiserId: string;
  /** The ad to edit; null adds one. */
  ad: AdvertiserAd | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['advertisers', 'common']);
  const save = useSaveAd(advertiserId);
  const toast = useToast();
  const valuesOf = (): AdFormValues => ({
    title: ad?.title ?? '',
    status: ad && isAdStatus(ad.status) ? ad.status : 'active',
    daily_budget: ad?.daily_budget === null || ad?.daily_budget === undefined ? '' : String(ad.daily_budget),
  });
  const form = useForm<AdFormValues>({ resolver: zodResolver(adFormSchema), defaultValues: valuesOf() });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(valuesOf());
      save.reset();
    }
    // Only when the dialog opens: edits stay while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: ad?.id ?? null, values },
      {
        onSuccess: () => {
          toast({ tone: 'success', title: t(ad ? 'ads.saved' : 'ads.added') });
          onOpenChange(false);
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(ad ? 'ads.edit' : 'ads.add')}</DialogTitle>
          <DialogDescription>{t('ads.dialogDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label={t('ads.form.title')} error={errors.title?.message}>
            {(c) => <Input {...c} maxLength={200} {...form.register('title')} />}
          </Field>
          <Field label={t('ads.form.status')} error={errors.status?.message}>
            {(c) => (
              <Select
                {...c}
                {...form.register('status')}
                options={AD_STATUSES.map((s) => ({ value: s, label: t(`ads.status.${s}`) }))}
              />
            )}
          </Field>
          <Field
            label={t('ads.form.dailyBudget', { currency: currencySign() })}
            hint={t('ads.form.optional')}
            error={errors.daily_budget?.message}
          >
            {(c) => <Input {...c} inputMode="decimal" {...form.register('daily_budget')} />}
          </Field>
          {save.isError && <Alert tone="danger">{save.error.message}</Alert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" isLoading={save.isPending}>
              {save.isPending ? t('ads.saving') : ad ? t('common:actions.save') : t('ads.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AdvertiserAds({ advertiserId }: { advertiserId: string }) {
  const { t } = useTranslation(['advertisers', 'common']);
  const ads = useQuery(advertiserAdsQueryOptions(advertiserId));
  const [editing, setEditing] = useState<AdvertiserAd | null>(null);
  const [open, setOpen] = useState(false);
  const openFor = (ad: AdvertiserAd | null) => {
    setEditing(ad);
    setOpen(true);
  };
  return (
    <Card className="min-w-0 lg:col-span-3">
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle>{t('ads.title')}</CardTitle>
        <Button size="sm" onClick={() => openFor(null)}>
          <Plus aria-hidden className="size-4" />
          {t('ads.add')}
        </Button>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={ads}
          loading={
            <LoadingRegion label={t('ads.loading')} className="space-y-2">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </LoadingRegion>
          }
          error={t('ads.error')}
        >
          {(list) =>
            list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-gray-500">
                <Megaphone aria-hidden className="size-8 text-gray-400" />
                <p>{t('ads.empty')}</p>
              </div>
            ) : (
              <ul aria-label={t('ads.title')} className="divide-y divide-gray-100">
                {list.map((ad) => (
                  <li key={ad.id} className="flex flex-wrap items-center gap-3 py-2.5">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-gray-900" title={ad.title}>
                        {ad.title}
                      </p>
                      <p className="text-xs text-gray-500">
                        {ad.daily_budget === null
                          ? t('ads.noBudget', { date: formatDate(ad.created_at) })
                          : t('ads.perDay', { amount: formatMoney(ad.daily_budget), date: formatDate(ad.created_at) })}
                      </p>
                    </div>
                    <Badge tone={statusTones[ad.status as keyof typeof statusTones] ?? 'neutral'}>
                      {isAdStatus(ad.status) ? t(`ads.status.${ad.status}`) : ad.status}
                    </Badge>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => openFor(ad)}
                      aria-label={t('ads.editLabel', { title: ad.title })}
                    >
                      <Pencil aria-hidden className="size-4" />
                      {t('common:actions.edit')}
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryBoundary>
      </CardContent>
      <AdDialog advertiserId={advertiserId} ad={editing} open={open} onOpenChange={setOpen} />
    </Card>
  );
}
