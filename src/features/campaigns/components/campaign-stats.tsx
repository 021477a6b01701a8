import { formatDuration } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { TimelineStats } from '../lib/timeline';

export function CampaignStats({ stats }: { stats: TimelineStats }) {
  const figures: [string, string][] = [
    ['Total slides', String(stats.total)],
    ['Total duration', formatDuration(stats.totalDuration)],
    ['Static slides', String(stats.staticCount)],
    ['Dynamic slides', String(stats.dynamicCount)],
    ['Plays per loop', String(stats.loopPlays)],
    ['Loop length', formatDuration(stats.loopDuration)],
  ];
  return (
    <Card role="region" aria-labelledby="campaign-stats-title">
      <CardHeader>
        <CardTitle id="campaign-stats-title" className="text-base">
          Campaign Stats
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
          A slide of priority p plays p times in each loop, spread evenly; campaigns of higher priority play first.
        </p>
      </CardContent>
    </Card>
  );
}
