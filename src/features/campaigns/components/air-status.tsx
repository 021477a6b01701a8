// Whether a campaign is on air now and why, by the same rule screens follow, in its venue's
// time zone (src/entities/campaign/schedule.ts). Looked at again every 30 s.
import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
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
  };
  className?: string;
}

export function AirStatus({ campaign, className }: AirStatusProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const zone = campaign.customers?.time_zone;
  if (!zone) return null;
  const air = airStatus({ ...campaign, windows: windowsOf(campaign) }, zone, now);
  return (
    <p
      className={cn('flex items-center gap-1.5 text-sm', air.onAir ? 'text-success-700' : 'text-gray-600', className)}
      data-testid="air-status"
    >
      <Radio aria-hidden className={cn('size-4 shrink-0', air.onAir ? 'text-success-600' : 'text-gray-400')} />
      <span className="font-medium">{air.label}</span>{' '}
      <span className="truncate text-gray-500" title={air.detail}>
        {`· ${air.detail}`}
      </span>
    </p>
  );
}
