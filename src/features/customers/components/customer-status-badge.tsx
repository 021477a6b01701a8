import { Badge } from '@/components/ui/badge';
import { formatLabel } from '@/lib/format';

const tones = { active: 'success', maintenance: 'warning', inactive: 'neutral' } as const;

export function CustomerStatusBadge({ status }: { status: string }) {
  const tone = tones[status as keyof typeof tones] ?? 'neutral';
  return <Badge tone={tone}>{formatLabel(status)}</Badge>;
}
