import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CampaignFormValues } from '../lib/campaign-schema';

const radioClass = 'size-4 border-gray-300 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

/** Adding a campaign: a venue's own, or an advertiser's that books airtime across the network. */
export function CampaignKindFieldset({ register }: { register: UseFormRegister<CampaignFormValues> }) {
  const { t } = useTranslation('campaigns');
  return (
    <fieldset className="space-y-2 md:col-span-2">
      <legend className="text-sm font-medium text-gray-700">{t('kind.legend')}</legend>
      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input type="radio" value="venue" className={`${radioClass} mt-0.5`} {...register('kind')} />
        <span>
          {t('kind.venue')}
          <span className="block text-xs text-gray-500">{t('kind.venueHint')}</span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input type="radio" value="network" className={`${radioClass} mt-0.5`} {...register('kind')} />
        <span>
          {t('kind.network')}
          <span className="block text-xs text-gray-500">{t('kind.networkHint')}</span>
        </span>
      </label>
    </fieldset>
  );
}
