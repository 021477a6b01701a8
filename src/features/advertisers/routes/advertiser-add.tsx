import { ContentLayout } from '@/components/layouts/content-layout';

export function AdvertiserAddRoute() {
  return <ContentLayout title="Add Advertiser" description="A new company whose ads run on the displays." />;
}
