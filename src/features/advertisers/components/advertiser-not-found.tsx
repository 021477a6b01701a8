import { RecordNotFound } from '@/components/layouts/record-not-found';
import { paths } from '@/config/paths';

/** The advertiser screens' answer to an id no advertiser has (inside their ContentLayout). */
export function AdvertiserNotFound() {
  return (
    <RecordNotFound
      noun="Advertiser"
      description="It may have been removed, or the link is wrong."
      back={{ to: paths.dashboard.advertisers.list.getHref(), label: 'Back to Advertisers' }}
    />
  );
}
