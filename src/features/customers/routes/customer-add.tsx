import { ContentLayout } from '@/components/layouts/content-layout';

export function CustomerAddRoute() {
  return <ContentLayout title="Add Customer" description="A new venue that hosts display screens." />;
}
