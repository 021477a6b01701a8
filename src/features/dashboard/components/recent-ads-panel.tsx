import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLabel, timeAgo } from '@/lib/format';
import { useRecentAds } from '../api/overview';
import { PanelError, PanelLoading } from './panel-states';

const AD_STATUSES = ['active', 'pending', 'paused'] as const;
type AdStatus = (typeof AD_STATUSES)[number];
const statusTones: Record<AdStatus, BadgeProps['tone']> = { active: 'success', pending: 'warning', paused: 'neutral' };
const isKnownStatus = (status: string): status is AdStatus => (AD_STATUSES as readonly string[]).includes(status);

export function RecentAdsPanel() {
  const { t } = useTranslation('dashboard');
  const ads = useRecentAds();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('ads.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={ads}
          loading={<PanelLoading label={t('ads.loading')} />}
          error={(failure) => <PanelError title={t('ads.loadFailed')} error={failure.error} onRetry={failure.retry} />}
        >
          {(list) =>
            list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-gray-500">
                <Megaphone aria-hidden className="size-8 text-gray-400" />
                <p>{t('ads.empty')}</p>
              </div>
            ) : (
              <ul aria-label={t('ads.listLabel')} className="divide-y divide-gray-100">
                {list.map((ad) => (
                  <li key={ad.id} className="flex items-center gap-3 py-3" aria-label={ad.title}>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-gray-900">{ad.title}</p>
                      <p className="truncate text-xs text-gray-500">
                        {!ad.advertisers
                          ? t('ads.unknownAdvertiser')
                          : ad.advertisers.advertiser_name
                            ? t('ads.advertiserWithContact', {
                                business: ad.advertisers.business_name,
                                contact: ad.advertisers.advertiser_name,
                              })
                            : ad.advertisers.business_name}
                      </p>
                    </div>
                    <Badge tone={isKnownStatus(ad.status) ? statusTones[ad.status] : 'neutral'}>
                      {isKnownStatus(ad.status) ? t(`ads.status.${ad.status}`) : t(`common:status.${ad.status}`, { defaultValue: formatLabel(ad.status) })}
                    </Badge>
                    <span className="w-28 shrink-0 text-right text-xs text-gray-500">{timeAgo(ad.created_at)}</span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}
