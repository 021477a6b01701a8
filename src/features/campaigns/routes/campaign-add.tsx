import { ContentLayout } from '@/components/layouts/content-layout';

export function CampaignAddRoute() {
  return <ContentLayout title="Add Campaign" description="A new slide show for a customer's displays." />;
}
