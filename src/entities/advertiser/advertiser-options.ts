// The advertisers to choose from in a filter or form, by the name they trade under.
import { queryOptions } from '@tanstack/react-query';
import { intlLocale, translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '../query-keys/table-keys';

async function getAdvertiserOptions() {
  const { data } = await supabase
    .from('advertisers')
    .select('id, business_name, advertiser_name')
    .order('business_name')
    .throwOnError();
  return data
    .map((a) => ({ id: a.id, name: a.business_name || a.advertiser_name || translate('advertisers:unnamed') }))
    .sort((a, b) => a.name.localeCompare(b.name, intlLocale()));
}

export type AdvertiserOption = Awaited<ReturnType<typeof getAdvertiserOptions>>[number];

/** Every advertiser by name; refreshed whenever the advertisers table changes. */
export const advertiserOptionsQuery = () =>
  queryOptions({ queryKey: [...tableKeys.advertisers, 'options'] as const, queryFn: getAdvertiserOptions });
