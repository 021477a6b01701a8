import { ContentLayout } from '@/components/layouts/content-layout';
import { CustomerForm } from '../components/customer-form';

export function CustomerAddRoute() {
  return (
    <ContentLayout title="Add Customer" description="A new venue that hosts display screens.">
      <CustomerForm />
    </ContentLayout>
  );
}
