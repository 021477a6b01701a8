import { Badge, type BadgeProps } from '@/components/ui/badge';
import { formatLabel } from '@/lib/format';

const tones: Record<string, BadgeProps['tone']> = {
  active: 'success',
  pending: 'warning',
  maintenance: 'warning',
  inactive: 'neutral',
};

export function AdvertiserStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? 'neutral'}>{formatLabel(status)}</Badge>;
}
