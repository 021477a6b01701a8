import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailedRead, QueryBoundary } from '@/components/errors/query-boundary';
import { ContentLayout } from '@/components/layouts/content-layout';
import { customerDetailOptions } from '../api/customers';
import type { CustomerDetail } from '../api/customer-schema';
import { CustomerNotFound } from './customer-not-found';
import { CustomerPageSkeleton } from './customer-page-skeleton';

export interface CustomerBoundaryProps {
  /** The customer's id, from the address. */
  id: string;
  /** The page's title, over a failure to load ('Customer Details', 'Edit Customer'). */
  title: string;
  /** The page, once the customer is loaded. */
  children: (customer: CustomerDetail) => ReactNode;
}

/** Reads the customer a detail or edit page shows: its skeleton, a failure with a retry, not found, then the page. */
export function CustomerBoundary({ id, title, children }: CustomerBoundaryProps) {
  const { t } = useTranslation('customers');
  const query = useQuery(customerDetailOptions(id));
  return (
    <QueryBoundary
      query={query}
      loading={<CustomerPageSkeleton />}
      error={(failure) => (
        <ContentLayout title={title}>
          <FailedRead title={t('loadFailed')} failure={failure} />
        </ContentLayout>
      )}
      notFound={<CustomerNotFound />}
    >
      {children}
    </QueryBoundary>
  );
}
