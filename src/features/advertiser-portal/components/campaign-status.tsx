import { Badge } from '@/components/ui/badge';
import { formatLabel } from '@/lib/format';
import type { Pacing } from '../api/portal-queries';

const TONES = { active: 'success', scheduled: 'brand', paused: 'warning', completed: 'neutral' } as const;

export function CampaignStatus({ status }: { status: string }) {
  return <Badge tone={TONES[status as keyof typeof TONES] ?? 'neutral'}>{formatLabel(status)}</Badge>;
}

/** "92% of booking" (delivered ÷ expected so far), or why there is no figure yet. */
export function deliveryText(pacing: Pacing | undefined): string {
  if (!pacing) return '—';
  if (pacing.pace === null) return 'Nothing booked so far';
  return `${Math.round(pacing.pace * 100)}% of booking`;
}
