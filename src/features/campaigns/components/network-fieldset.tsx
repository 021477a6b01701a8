// A network campaign's own fields (its advertiser aside): where it plays (chosen venues, screen
// groups and screens, or the whole network), how many spots it books per loop, and whether
// that fits the screens' loops.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { useBookingCheck } from '../api/booking-check';
import { networkTargetKeys } from '../api/network-targets';
import {
  MAX_SPOT_SECONDS,
  MAX_SPOTS,
  MIN_SPOT_SECONDS,
  MIN_SPOTS,
  targetCount,
  type CampaignFormValues,
} from '../lib/campaign-schema';
import { targetedScreenIds } from '../lib/network-booking';
import { BookingFit } from './booking-fit';
import { TargetPicker } from './target-picker';

const radioClass = 'size-4 border-gray-300 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

export interface NetworkFieldsetProps {
  control: Control<CampaignFormValues>;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
  /** The campaign being edited (its own booking is replaced, not added); undefined when adding. */
  campaignId?: string;
  /** Whether the campaign has slides (then they set a spot's length). */
  hasSlides: boolean;
  /** Told the values of each booking check that fitted. */
  onFitted: (values: CampaignFormValues) => void;
}

export function NetworkFieldset({ control, register, errors, campaignId, hasSlides, onFitted }: NetworkFieldsetProps) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  // Every field counts for the booking check: only this part of the form re-renders with each change.
  const values = useWatch({ control }) as CampaignFormValues;
  const check = useBookingCheck(values, { campaignId, hasSlides });
  const fitted = check.state === 'done' && check.answer.fits ? check.values : null;
  useEffect(() => {
    if (fitted) onFitted(fitted);
  }, [fitted, onFitted]);
  const venues = useQuery(venueOptionsQuery());
  const groups = useQuery(networkTargetKeys.groups());
  const screens = useQuery(networkTargetKeys.screens());
  const venueIds = useController({ control, name: 'target_venue_ids' }).field;
  const groupIds = useController({ control, name: 'target_group_ids' }).field;
  const deviceIds = useController({ control, name: 'target_device_ids' }).field;
  const playsOn = useWatch({ control, name: 'network_plays_on' });
  const chosen = {
    network_plays_on: playsOn,
    target_venue_ids: venueIds.value,
    target_group_ids: groupIds.value,
    target_device_ids: deviceIds.value,
  };

  const screensPerVenue = useMemo(() => {
    const perVenue = new Map<string, number>();
    for (const s of screens.data ?? []) perVenue.set(s.customer_id, (perVenue.get(s.customer_id) ?? 0) + 1);
    return perVenue;
  }, [screens.data]);
  const screenCount =
    screens.data && (playsOn === 'network' || groups.data)
      ? targetedScreenIds(chosen, screens.data, groups.data ?? []).size
      : undefined;
  const targetsError = errors.target_device_ids?.message;
  const targetsErrorId = `${id}-targets-error`;

  return (
    <>
      <fieldset
        className="space-y-3 md:col-span-2"
        aria-describedby={targetsError ? targetsErrorId : undefined}
        aria-invalid={targetsError ? true : undefined}
      >
        <legend className="text-sm font-medium text-gray-700">{t('network.playsOn')}</legend>
        <label className="flex items-center gap-2 text-sm text-gray-900">
          <input type="radio" value="targets" className={radioClass} {...register('network_plays_on')} />
          {t('network.chosenTargets')}
        </label>
        <label className="flex items-center gap-2 text-sm text-gray-900">
          <input type="radio" value="network" className={radioClass} {...register('network_plays_on')} />
          {t('network.wholeNetwork')}
        </label>
        {playsOn === 'targets' && (
          <div className="ml-6 space-y-2">
            <p className="text-xs text-gray-500">
              {t('network.targetsHint', { count: targetCount(chosen) })}
            </p>
            <div className="grid gap-3 lg:grid-cols-3">
              <TargetPicker
                label={t('targets.venues.label')}
                kind="venues"
                emptyText={t('targets.venues.empty')}
                query={{
                  ...venues,
                  data: venues.data?.map((v) => ({
                    id: v.id,
                    label: v.name,
                    note: screens.data ? t('network.screens', { count: screensPerVenue.get(v.id) ?? 0 }) : v.location,
                  })),
                }}
                name={venueIds.name}
                value={venueIds.value}
                onChange={venueIds.onChange}
              />
              <TargetPicker
                label={t('targets.groups.label')}
                kind="groups"
                emptyText={t('targets.groups.empty')}
                query={{
                  ...groups,
                  data: groups.data?.map((g) => ({
                    id: g.id,
                    label: g.name,
                    note: t('network.screens', { count: g.device_ids.length }),
                  })),
                }}
                name={groupIds.name}
                value={groupIds.value}
                onChange={groupIds.onChange}
              />
              <TargetPicker
                label={t('targets.screens.label')}
                kind="screens"
                emptyText={t('targets.screens.empty')}
                query={{
                  ...screens,
                  data: screens.data?.map((s) => ({ id: s.id, label: s.device_name, note: s.customer_name })),
                }}
                name={deviceIds.name}
                value={deviceIds.value}
                onChange={deviceIds.onChange}
              />
            </div>
          </div>
        )}
        {targetsError && (
          <p id={targetsErrorId} className="text-sm text-danger-700">
            {targetsError}
          </p>
        )}
      </fieldset>
      <Field
        label={t('network.spotsPerLoop')}
        hint={t('network.spotsHint', { min: MIN_SPOTS, max: MAX_SPOTS })}
        error={errors.spots_per_loop?.message}
      >
        {(field) => (
          <Input
            {...field}
            type="number"
            inputMode="numeric"
            min={MIN_SPOTS}
            max={MAX_SPOTS}
            invalid={field.invalid}
            {...register('spots_per_loop', { valueAsNumber: true })}
          />
        )}
      </Field>
      {hasSlides ? (
        <p className="self-end text-sm text-gray-600">
          {t('network.spotFromSlides')}
        </p>
      ) : (
        <Field
          label={t('network.spotLength')}
          hint={t('network.spotLengthHint', { min: MIN_SPOT_SECONDS, max: MAX_SPOT_SECONDS })}
          error={errors.spot_seconds?.message}
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={MIN_SPOT_SECONDS}
              max={MAX_SPOT_SECONDS}
              invalid={field.invalid}
              {...register('spot_seconds', { valueAsNumber: true })}
            />
          )}
        </Field>
      )}
      <BookingFit check={check} screenCount={screenCount} className="md:col-span-2" />
    </>
  );
}
