import { useTranslation } from 'react-i18next';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { paths } from '@/config/paths';

/** The advertiser screens' answer to an id no advertiser has (inside their ContentLayout). */
export function AdvertiserNotFound() {
  const { t } = useTranslation('advertisers');
  return (
    <RecordNotFound
      noun={t('notFound.noun')}
      description={t('notFound.description')}
      back={{ to: paths.dashboard.advertisers.list.getHref(), label: t('notFound.back') }}
    />
  );
}
