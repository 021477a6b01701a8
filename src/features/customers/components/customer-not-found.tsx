import { useTranslation } from 'react-i18next';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { paths } from '@/config/paths';

/** The customer screens' answer to an id no customer has (the whole page). */
export function CustomerNotFound() {
  const { t } = useTranslation('customers');
  return (
    <RecordNotFound
      page
      noun={t('notFound.noun')}
      description={t('notFound.description')}
      back={{ to: paths.dashboard.customers.list.getHref(), label: t('notFound.back') }}
    />
  );
}
