import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CustomerBoundary } from '../components/customer-boundary';
import { CustomerForm } from '../components/customer-form';

/** Loads the customer, then hands it to the form as its starting values. */
export function CustomerEditRoute() {
  const { id = '' } = useParams();
  return (
    <CustomerBoundary id={id} title="Edit Customer">
      {(customer) => (
        <ContentLayout title="Edit Customer" description={customer.name}>
          {/* Keyed by id: another customer's page starts a fresh form. */}
          <CustomerForm key={customer.id} customer={customer} />
        </ContentLayout>
      )}
    </CustomerBoundary>
  );
}
