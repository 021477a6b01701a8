import { Badge } from '@/components/ui/badge';
import { useTranslation } from 'react-i18next';
import { formatLabel } from '@/lib/format';
import { CUSTOMER_STATUSES, type CustomerStatus } from '../api/customer-schema';

const tones = { active: 'success', maintenance: 'warning', inactive: 'neutral' } as const;

export function CustomerStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('customers');
  const tone = tones[status as keyof typeof tones] ?? 'neutral';
  const known = (CUSTOMER_STATUSES as readonly string[]).includes(status);
  return <Badge tone={tone}>{known ? t(`status.${status as CustomerStatus}`) : formatLabel(status)}</Badge>;
}
