import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';
import { translate } from '@/i18n';
import type { Pacing } from '../api/portal-queries';

const TONES = { active: 'success', scheduled: 'brand', paused: 'warning', completed: 'neutral' } as const;
type KnownStatus = keyof typeof TONES;

const isKnown = (status: string): status is KnownStatus => Object.hasOwn(TONES, status);

export function CampaignStatus({ status }: { status: string }) {
  const { t } = useTranslation('advertiserPortal');
  return (
    <Badge tone={isKnown(status) ? TONES[status] : 'neutral'}>
      {isKnown(status) ? t(`campaignStatus.${status}`) : status}
    </Badge>
  );
}

/** "92% of booking" (delivered ÷ expected so far), or why there is no figure yet. */
export function deliveryText(pacing: Pacing | undefined): string {
  if (!pacing) return '—';
  if (pacing.pace === null) return translate('advertiserPortal:delivery.nothingBooked');
  return translate('advertiserPortal:delivery.ofBooking', {
    percent: formatNumber(pacing.pace, { style: 'percent', maximumFractionDigits: 0 }),
  });
}
