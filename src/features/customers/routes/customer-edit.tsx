import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CustomerBoundary } from '../components/customer-boundary';
import { CustomerForm } from '../components/customer-form';

/** Loads the customer, then hands it to the form as its starting values. */
export function CustomerEditRoute() {
  const { t } = useTranslation('customers');
  const { id = '' } = useParams();
  return (
    <CustomerBoundary id={id} title={t('form.editTitle')}>
      {(customer) => (
        <ContentLayout title={t('form.editTitle')} description={customer.name}>
          {/* Keyed by id: another customer's page starts a fresh form. */}
          <CustomerForm key={customer.id} customer={customer} />
        </ContentLayout>
      )}
    </CustomerBoundary>
  );
}
