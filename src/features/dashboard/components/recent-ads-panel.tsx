import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLabel, timeAgo } from '@/lib/format';
import { adsQueryOptions } from '../api/ads';
import { OVERVIEW_LIST_SIZE } from '../api/system-alerts';
import { PanelError, PanelLoading } from './panel-states';

const statusTones: Record<string, BadgeProps['tone']> = { active: 'success', pending: 'warning', paused: 'neutral' };

export function RecentAdsPanel() {
  const ads = useQuery(adsQueryOptions({ limit: OVERVIEW_LIST_SIZE }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Ad Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={ads}
          loading={<PanelLoading label="Loading ads" />}
          error={(failure) => (
            <PanelError title="Ads could not be loaded" error={failure.error} onRetry={failure.retry} />
          )}
        >
          {(list) =>
            list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-gray-500">
                <Megaphone aria-hidden className="size-8 text-gray-400" />
                <p>No ads yet.</p>
              </div>
            ) : (
              <ul aria-label="Recent ads" className="divide-y divide-gray-100">
                {list.map((ad) => (
                  <li key={ad.id} className="flex items-center gap-3 py-3" aria-label={ad.title}>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-gray-900">{ad.title}</p>
                      <p className="truncate text-xs text-gray-500">
                        {ad.advertisers?.business_name ?? 'Unknown advertiser'}
                        {ad.advertisers?.advertiser_name ? ` · ${ad.advertisers.advertiser_name}` : ''}
                      </p>
                    </div>
                    <Badge tone={statusTones[ad.status] ?? 'neutral'}>{formatLabel(ad.status)}</Badge>
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
