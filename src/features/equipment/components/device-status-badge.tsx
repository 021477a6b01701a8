import { Badge, type BadgeProps } from '@/components/ui/badge';
import { formatLabel } from '@/lib/format';

const tones: Record<string, BadgeProps['tone']> = {
  online: 'success',
  idle: 'warning',
  offline: 'neutral',
  error: 'danger',
  revoked: 'neutral',
};

/** A device's state as its card says it: online, idle, offline, error or revoked. */
export function DeviceStatusBadge({ status }: { status: string | null }) {
  const value = status ?? 'offline';
  return <Badge tone={tones[value] ?? 'neutral'}>{formatLabel(value)}</Badge>;
}
