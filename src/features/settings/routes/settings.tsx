import { ContentLayout } from '@/components/layouts/content-layout';

export function SettingsRoute() {
  return <ContentLayout title="Settings" description="Settings of the portal." />;
}
