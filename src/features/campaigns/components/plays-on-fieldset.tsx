import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type UseFormRegister } from 'react-hook-form';
import { CheckboxList } from '@/components/ui/checkbox-list';
import { venueDevicesQueryOptions } from '@/entities/device/venue-devices';
import type { CampaignFormValues } from '../lib/campaign-schema';

export interface PlaysOnFieldsetProps {
  control: Control<CampaignFormValues>;
  register: UseFormRegister<CampaignFormValues>;
  /** The selected venue ('' while none is). */
  customerId: string;
  targeting: CampaignFormValues['targeting'];
  error?: string;
}

const radioClass = 'size-4 border-gray-300 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

/** "Plays on": every screen of the venue, or the ticked screens of the selected venue. */
export function PlaysOnFieldset({ control, register, customerId, targeting, error }: PlaysOnFieldsetProps) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  const errorId = `${id}-error`;
  const { field } = useController({ control, name: 'device_ids' });
  const screens = useQuery({
    ...venueDevicesQueryOptions(customerId),
    enabled: targeting === 'chosen' && !!customerId,
  });

  return (
    <fieldset className="space-y-2 md:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-gray-700">{t('playsOn.legend')}</legend>
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input type="radio" value="all" className={radioClass} {...register('targeting')} />
        {t('playsOn.all')}
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input type="radio" value="chosen" className={radioClass} {...register('targeting')} />
        {t('playsOn.chosen')}
      </label>
      {targeting === 'chosen' && (
        <div className="ml-6 space-y-2">
          {!customerId ? (
            <p className="text-sm text-gray-500">{t('playsOn.selectCustomer')}</p>
          ) : (
            <CheckboxList
              label={t('playsOn.screensOfVenue')}
              query={{
                ...screens,
                data: screens.data?.map((screen) => ({
                  id: screen.id,
                  label: screen.device_name,
                  note: screen.location,
                })),
              }}
              loadingText={t('playsOn.loading')}
              errorText={t('playsOn.loadFailed')}
              emptyText={t('playsOn.empty')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
