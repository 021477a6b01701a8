// The advertiser's statements: each month's delivered plays and amounts of its network
// campaigns (advertiser_statement, which answers only for the advertiser's own), as CSV and
// as a printable statement.
import { useQuery } from '@tanstack/react-query';
import { Unlink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { StatementCard } from '@/entities/statement/statement-card';
import { StatementPrintPage } from '@/entities/statement/statement-print-page';
import { myAdvertiserQueryOptions } from '../api/portal-queries';

function NoAdvertiser() {
  const { t } = useTranslation('advertiserPortal');
  return <EmptyState icon={Unlink} title={t('noAdvertiser.title')} description={t('noAdvertiser.description')} />;
}

export function PortalStatementsRoute() {
  const { t } = useTranslation('advertiserPortal');
  const me = useQuery(myAdvertiserQueryOptions());
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('statements.title')}</h1>
      {me.isPending ? (
        <LoadingRegion label={t('statements.loading')} className="space-y-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-32" />
        </LoadingRegion>
      ) : me.isError ? (
        <ErrorState title={t('statements.error')} error={me.error} onRetry={() => void me.refetch()} />
      ) : me.data ? (
        <StatementCard
          advertiserId={me.data.id}
          businessName={me.data.business_name}
          printHref={(month) => paths.advertiser.statement.getHref(month)}
        />
      ) : (
        <NoAdvertiser />
      )}
    </div>
  );
}

export function PortalStatementPrintRoute() {
  const { t } = useTranslation('advertiserPortal');
  const { month = '' } = useParams();
  const me = useQuery(myAdvertiserQueryOptions());
  if (me.isSuccess && me.data === null)
    return (
      <div className="p-6">
        <NoAdvertiser />
      </div>
    );
  return (
    <StatementPrintPage
      advertiserId={me.data?.id ?? ''}
      month={month}
      party={me}
      back={{ to: paths.advertiser.statements.getHref(), label: t('statements.back') }}
      notFound={<NoAdvertiser />}
    />
  );
}
