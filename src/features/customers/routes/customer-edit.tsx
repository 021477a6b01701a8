import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ErrorState } from '@/components/ui/error-state';
import { customerDetailOptions } from '../api/customers';
import { CustomerForm } from '../components/customer-form';
import { CustomerNotFound } from '../components/customer-not-found';
import { CustomerPageSkeleton } from '../components/customer-page-skeleton';

/** Loads the customer, then hands it to the form as its starting values. */
export function CustomerEditRoute() {
  const { id = '' } = useParams();
  const customer = useQuery(customerDetailOptions(id));

  if (customer.isPending) return <CustomerPageSkeleton />;
  if (customer.isError) {
    return (
      <ContentLayout title="Edit Customer">
        <ErrorState
          title="Could not load the customer"
          error={customer.error}
          onRetry={() => void customer.refetch()}
          isRetrying={customer.isRefetching}
        />
      </ContentLayout>
    );
  }
  if (!customer.data) return <CustomerNotFound />;
  return (
    <ContentLayout title="Edit Customer" description={customer.data.name}>
      {/* Keyed by id: another customer's page starts a fresh form. */}
      <CustomerForm key={customer.data.id} customer={customer.data} />
    </ContentLayout>
  );
}
