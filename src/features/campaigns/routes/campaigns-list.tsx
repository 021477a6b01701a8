import { ContentLayout } from '@/components/layouts/content-layout';

export function CampaignsListRoute() {
  return <ContentLayout title="Campaigns" description="Timed slide shows played on customers' displays." />;
}
