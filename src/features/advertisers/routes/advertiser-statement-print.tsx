// The printable statement of one advertiser's month, from the advertiser's page.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { StatementPrintPage } from '@/entities/statement/statement-print-page';
import { advertiserQueryOptions } from '../api/advertisers';
import { AdvertiserNotFound } from '../components/advertiser-not-found';

export function AdvertiserStatementPrintRoute() {
  const { t } = useTranslation('advertisers');
  const { id = '', month = '' } = useParams();
  const advertiser = useQuery(advertiserQueryOptions(id));
  return (
    <StatementPrintPage
      advertiserId={id}
      month={month}
      party={advertiser}
      back={{ to: paths.dashboard.advertisers.view.getHref(id), label: t('view.backToAdvertiser') }}
      notFound={<AdvertiserNotFound />}
    />
  );
}
