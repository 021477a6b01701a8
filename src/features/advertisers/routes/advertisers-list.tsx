import { ContentLayout } from '@/components/layouts/content-layout';

export function AdvertisersListRoute() {
  return <ContentLayout title="Advertisers" description="Companies whose ads run on the displays." />;
}
