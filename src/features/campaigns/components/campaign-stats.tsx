import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { TimelineStats } from '../lib/timeline';

export function CampaignStats({ stats }: { stats: TimelineStats }) {
  const { t } = useTranslation('campaigns');
  const figures: [string, string][] = [
    [t('stats.totalSlides'), formatNumber(stats.total)],
    [t('stats.totalDuration'), formatDuration(stats.totalDuration)],
    [t('stats.staticSlides'), formatNumber(stats.staticCount)],
    [t('stats.dynamicSlides'), formatNumber(stats.dynamicCount)],
    [t('stats.loopPlays'), formatNumber(stats.loopPlays)],
    [t('stats.loopLength'), formatDuration(stats.loopDuration)],
  ];
  return (
    <Card role="region" aria-labelledby="campaign-stats-title">
      <CardHeader>
        <CardTitle id="campaign-stats-title" className="text-base">
          {t('stats.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid grid-cols-2 gap-3">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-md bg-gray-50 p-3">
              <dt className="text-xs text-gray-500">{label}</dt>
              <dd className="text-lg font-semibold text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-gray-500">
          {t('stats.hint')}
        </p>
      </CardContent>
    </Card>
  );
}
