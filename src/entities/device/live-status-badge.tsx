import { Badge, type BadgeProps } from '@/components/ui/badge';
import { formatLabel } from '@/lib/format';

const tones: Record<string, BadgeProps['tone']> = {
  online: 'success',
  idle: 'warning',
  offline: 'neutral',
  error: 'danger',
  revoked: 'neutral',
};

/** A screen's live state (online, idle, offline, error or revoked) as a coloured badge. */
export function LiveStatusBadge({ status }: { status: string | null }) {
  const value = status ?? 'offline';
  return <Badge tone={tones[value] ?? 'neutral'}>{formatLabel(value)}</Badge>;
}
