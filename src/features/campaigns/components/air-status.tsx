// Whether a campaign is on air now and why, by the same rule screens follow, in its venue's
// time zone (src/entities/campaign/schedule.ts). Looked at again every 30 s. A campaign with
// nothing to show says so rather than "On air": with no slides, nothing plays.
import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/utils/cn';
import { airStatus } from '@/entities/campaign/schedule';
import { windowsOf, type StoredWindow } from '../lib/campaign-windows';

export interface AirStatusProps {
  campaign: {
    status: string;
    start_date: string | null;
    end_date: string | null;
    campaign_windows: StoredWindow[];
    customers: { time_zone: string } | null;
    /** How many slides it has, when known: with none it is never "On air". */
    slide_count?: number;
  };
  className?: string;
}

export function AirStatus({ campaign, className }: AirStatusProps) {
  const { t } = useTranslation('campaigns');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const zone = campaign.customers?.time_zone;
  if (!zone) return null;
  const scheduled = airStatus({ ...campaign, windows: windowsOf(campaign) }, zone, now);
  const air =
    scheduled.onAir && campaign.slide_count === 0
      ? { onAir: false, label: t('air.noSlides'), detail: t('air.noSlidesDetail') }
      : scheduled;
  return (
    <p
      className={cn('flex items-start gap-1.5 text-sm', air.onAir ? 'text-success-700' : 'text-gray-600', className)}
      data-testid="air-status"
    >
      <Radio aria-hidden className={cn('mt-0.5 size-4 shrink-0', air.onAir ? 'text-success-600' : 'text-gray-400')} />
      <span className="min-w-0">
        <span className="font-medium whitespace-nowrap" data-testid="air-status-label">
          {air.label}
        </span>{' '}
        <span className="break-words text-gray-500" title={air.detail} data-testid="air-status-detail">
          {`· ${air.detail}`}
        </span>
      </span>
    </p>
  );
}
