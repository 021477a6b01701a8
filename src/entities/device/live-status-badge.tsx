import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { liveStatusLabel } from './live-status';

const tones: Record<string, BadgeProps['tone']> = {
  online: 'success',
  idle: 'warning',
  offline: 'neutral',
  error: 'danger',
  revoked: 'neutral',
};

/** A screen's live state (online, idle, offline, error or revoked) as a coloured badge. */
export function LiveStatusBadge({ status }: { status: string | null }) {
  // Read in the current language, and again when it changes.
  useTranslation('equipment');
  const value = status ?? 'offline';
  return <Badge tone={tones[value] ?? 'neutral'}>{liveStatusLabel(value)}</Badge>;
}
