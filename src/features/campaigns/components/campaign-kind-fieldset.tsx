import type { UseFormRegister } from 'react-hook-form';
import type { CampaignFormValues } from '../lib/campaign-schema';

const radioClass = 'size-4 border-gray-300 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

/** Adding a campaign: a venue's own, or an advertiser's that books airtime across the network. */
export function CampaignKindFieldset({ register }: { register: UseFormRegister<CampaignFormValues> }) {
  return (
    <fieldset className="space-y-2 md:col-span-2">
      <legend className="text-sm font-medium text-gray-700">Kind of campaign</legend>
      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input type="radio" value="venue" className={`${radioClass} mt-0.5`} {...register('kind')} />
        <span>
          Venue campaign
          <span className="block text-xs text-gray-500">A venue’s own content, on its screens.</span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input type="radio" value="network" className={`${radioClass} mt-0.5`} {...register('kind')} />
        <span>
          Network campaign (advertiser)
          <span className="block text-xs text-gray-500">
            An advertiser’s spots, booked into the loops of screens across venues.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
