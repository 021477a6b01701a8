import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { advertiserOptionsQuery } from '@/entities/advertiser/advertiser-options';
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { overbookingOf } from '../api/campaign-mutations';
import { CAMPAIGN_STATUSES } from '../api/campaigns';
import { campaignFormSchema, type CampaignFormValues } from '../lib/campaign-schema';
import { statusLabel } from '../lib/format';
import { overbookedField, type BookingField } from '../lib/network-booking';
import { CampaignKindFieldset } from './campaign-kind-fieldset';
import { NetworkFieldset } from './network-fieldset';
import { PlaysOnFieldset } from './plays-on-fieldset';
import { PriceFieldset } from './price-fieldset';
import { ScheduleFieldset } from './schedule-fieldset';


/** Above this many customers the select gets a filter box. */
const SEARCHABLE_FROM = 10;

/** Where a refused booking is shown: the form field, and its name in the summary above the buttons. */
const BOOKING_FIELDS = {
  targets: { name: 'target_device_ids', label: 'network.playsOn' },
  spots: { name: 'spots_per_loop', label: 'network.spotsPerLoop' },
  dates: { name: 'start_date', label: 'form.startDate' },
} as const satisfies Record<BookingField, { name: keyof CampaignFormValues; label: string }>;

export interface CampaignFormProps {
  defaultValues: CampaignFormValues;
  submitLabel: string;
  onSubmit: (values: CampaignFormValues) => void;
  isSaving: boolean;
  /** The failed save's message, shown above the buttons; the input stays as it was. */
  saveError: string | null;
  /** The failed save's error itself: a refused network booking (PT409) is shown at its field. */
  saveFailure?: unknown;
  /** Adding: the form asks whether it is a venue's campaign or an advertiser's network campaign. */
  kindChoice?: boolean;
  /** The campaign being edited, for the booking check (its own booking is replaced, not added). */
  campaignId?: string;
  /** Whether the campaign has slides (their longest sets a spot's length); false when adding. */
  hasSlides?: boolean;
}

export function CampaignForm({
  defaultValues,
  submitLabel,
  onSubmit,
  isSaving,
  saveError,
  saveFailure,
  kindChoice = false,
  campaignId,
  hasSlides = false,
}: CampaignFormProps) {
  const { t } = useTranslation(['campaigns', 'common']);
  const statusOptions = CAMPAIGN_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));
  const {
    register,
    control: formControl,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { errors },
  } = useForm<CampaignFormValues>({ resolver: zodResolver(campaignFormSchema), defaultValues });
  const customerId = useWatch({ control: formControl, name: 'customer_id' });
  const targeting = useWatch({ control: formControl, name: 'targeting' });
  const kind = useWatch({ control: formControl, name: 'kind' });
  const network = kind === 'network';
  const customers = useQuery({ ...venueOptionsQuery(), enabled: !network });
  const advertisers = useQuery({ ...advertiserOptionsQuery(), enabled: network });
  // The last values that fitted (the network fieldset's live check reports them): a refused
  // save is shown at the field that changed since.
  const lastFit = useRef<CampaignFormValues | null>(campaignId ? defaultValues : null);
  const onFitted = useCallback((fitted: CampaignFormValues) => {
    lastFit.current = fitted;
  }, []);
  const overbooking = overbookingOf(saveFailure);
  useEffect(() => {
    if (!overbooking) return;
    const field = BOOKING_FIELDS[overbookedField(getValues(), lastFit.current)];
    setError(field.name, { type: 'server', message: overbooking.message });
    // Once per refused save: the failure is a new object each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saveFailure]);
  const bookingField = Object.values(BOOKING_FIELDS).find((field) => errors[field.name]?.type === 'server');
  const [customerFilter, setCustomerFilter] = useState('');
  const options = customers.data ?? [];
  const searchable = options.length > SEARCHABLE_FROM;
  const term = customerFilter.trim().toLowerCase();
  const shown = searchable && term ? options.filter((c) => c.name.toLowerCase().includes(term)) : options;
  const customerOptions = [
    ...shown.map((c) => ({ value: c.id, label: c.location ? `${c.name} (${c.location})` : c.name })),
    // Keep the current choice selectable while a filter hides it.
    ...(searchable
      ? options
          .filter((c) => c.id === defaultValues.customer_id && !shown.includes(c))
          .map((c) => ({ value: c.id, label: c.name }))
      : []),
  ];

  return (
    <Card>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <CardContent className="grid gap-5 py-6 md:grid-cols-2">
          <Field label={t('form.name')} error={errors.name?.message} className="md:col-span-2">
            {(control) => <Input {...control} {...register('name')} invalid={control.invalid} autoComplete="off" />}
          </Field>
          {kindChoice && <CampaignKindFieldset register={register} />}
          {network ? (
            <Field
              label={t('form.advertiser')}
              error={errors.advertiser_id?.message ?? (advertisers.isError ? t('form.advertisersFailed') : undefined)}
            >
              {(control) =>
                // Registered once its options are there, so an edited campaign's advertiser shows as chosen.
                advertisers.isPending ? (
                  <Select {...control} disabled placeholder={t('form.advertisersLoading')} options={[]} />
                ) : (
                  <Select
                    {...control}
                    {...register('advertiser_id')}
                    invalid={control.invalid}
                    placeholder={t('form.advertiserPlaceholder')}
                    options={(advertisers.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                  />
                )
              }
            </Field>
          ) : (
            <>
              {searchable && (
                <Field label={t('form.findCustomer')} className="md:col-span-2">
                  {(control) => (
                    <Input
                      {...control}
                      type="search"
                      placeholder={t('form.findCustomerPlaceholder')}
                      value={customerFilter}
                      onChange={(event) => setCustomerFilter(event.target.value)}
                    />
                  )}
                </Field>
              )}
              <Field
                label={t('form.customer')}
                error={errors.customer_id?.message ?? (customers.isError ? t('form.customersFailed') : undefined)}
              >
                {(control) => (
                  <Select
                    {...control}
                    {...register('customer_id', {
                      // Screens belong to one venue: another venue starts with none chosen.
                      onChange: () => setValue('device_ids', []),
                    })}
                    invalid={control.invalid}
                    disabled={customers.isPending}
                    placeholder={customers.isPending ? t('form.customersLoading') : t('form.customerPlaceholder')}
                    options={customerOptions}
                  />
                )}
              </Field>
            </>
          )}
          <Field label={t('form.status')} error={errors.status?.message}>
            {(control) => (
              <Select {...control} {...register('status')} invalid={control.invalid} options={statusOptions} />
            )}
          </Field>
          <Field
            label={t('form.priority')}
            hint={t('form.priorityHint')}
            error={errors.priority?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={10}
                {...register('priority', { valueAsNumber: true })}
              />
            )}
          </Field>
          <div aria-hidden className="hidden md:block" />
          <Field label={t('form.startDate')} hint={t('form.optional')} error={errors.start_date?.message}>
            {(control) => <Input {...control} type="date" {...register('start_date')} />}
          </Field>
          <Field label={t('form.endDate')} hint={t('form.endDateHint')} error={errors.end_date?.message}>
            {(control) => <Input {...control} type="date" {...register('end_date')} />}
          </Field>
          <ScheduleFieldset
            control={formControl}
            register={register}
            errors={errors}
            timeZone={network ? null : (options.find((c) => c.id === customerId)?.time_zone ?? null)}
            zoneText={network ? t('schedule.screensZone') : undefined}
          />
          {network ? (
            <>
              <NetworkFieldset
                control={formControl}
                register={register}
                errors={errors}
                campaignId={campaignId}
                hasSlides={hasSlides}
                onFitted={onFitted}
              />
              <PriceFieldset control={formControl} register={register} errors={errors} />
            </>
          ) : (
            <PlaysOnFieldset
              control={formControl}
              register={register}
              customerId={customerId}
              targeting={targeting}
              error={errors.device_ids?.message}
            />
          )}
          {saveError && (
            <Alert tone="danger" className="md:col-span-2">
              {overbooking && bookingField ? t('form.doesNotFit', { field: t(bookingField.label) }) : saveError}
            </Alert>
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button asChild variant="outline">
            <Link to={paths.dashboard.campaigns.list.getHref()}>{t('common:actions.cancel')}</Link>
          </Button>
          <Button type="submit" isLoading={isSaving}>
            {isSaving ? t('form.saving') : submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
