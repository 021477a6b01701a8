import { ContentLayout } from '@/components/layouts/content-layout';

export function CustomersListRoute() {
  return <ContentLayout title="Customers" description="Venues that host display screens." />;
}
