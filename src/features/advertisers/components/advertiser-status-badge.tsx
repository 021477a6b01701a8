import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { ADVERTISER_STATUSES, type AdvertiserStatus } from '../api/advertisers';

const tones: Record<string, BadgeProps['tone']> = {
  active: 'success',
  pending: 'warning',
  maintenance: 'warning',
  inactive: 'neutral',
};

export function AdvertiserStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('advertisers');
  const known = (ADVERTISER_STATUSES as readonly string[]).includes(status);
  return <Badge tone={tones[status] ?? 'neutral'}>{known ? t(`status.${status as AdvertiserStatus}`) : status}</Badge>;
}
