import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CustomerForm } from '../components/customer-form';

export function CustomerAddRoute() {
  const { t } = useTranslation('customers');
  return (
    <ContentLayout title={t('form.addTitle')} description={t('form.addDescription')}>
      <CustomerForm />
    </ContentLayout>
  );
}
