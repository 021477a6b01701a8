// The plays a screen uploaded that record_plays refused today (the venue's day), by reason:
// public.play_refusals, counted per screen, day and reason. Read for one device's details.
import { queryOptions } from '@tanstack/react-query';
import { dayIn } from '@/entities/campaign/campaign-dates';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { equipmentKeys } from './equipment';

/** Why record_plays refused a play (play_refusals.reason). */
export const REFUSAL_REASONS = [
  'not_scheduled',
  'overlapping',
  'too_long',
  'replayed',
  'other_venue',
  'unknown_campaign',
  'unknown_slide',
  'not_in_campaign',
  'invalid',
] as const;
type RefusalReason = (typeof REFUSAL_REASONS)[number];

const isReason = (reason: string): reason is RefusalReason => (REFUSAL_REASONS as readonly string[]).includes(reason);

/** A reason as the details panel says it ('not scheduled'); an unknown one as it is written. */
export function refusalReasonLabel(reason: string): string {
  return isReason(reason) ? translate(`equipment:refusals.reasons.${reason}`) : reason.replaceAll('_', ' ');
}

export interface RefusalCount {
  reason: string;
  plays: number;
}

export interface RefusalsToday {
  /** The venue-local day counted. */
  day: string;
  total: number;
  /** Most refused reason first. */
  reasons: RefusalCount[];
}

/** "12 plays refused today: not scheduled", or with several reasons "… : 9 not scheduled, 3 overlapping". */
export function refusalsText(refusals: RefusalsToday): string {
  if (refusals.total === 0) return translate('equipment:refusals.none');
  const head = translate('equipment:refusals.head', { count: refusals.total });
  const reasons =
    refusals.reasons.length === 1
      ? refusalReasonLabel(refusals.reasons[0]!.reason)
      : refusals.reasons
          .map((r) =>
            translate('equipment:refusals.reasonCount', { count: r.plays, reason: refusalReasonLabel(r.reason) }),
          )
          .join(', ');
  return translate('equipment:refusals.withReasons', { head, reasons });
}

async function fetchRefusalsToday(deviceId: string, now: Date = new Date()): Promise<RefusalsToday> {
  // The venue's today is yesterday, today or tomorrow in UTC: read from UTC yesterday on, keep its day.
  const from = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const { data } = await supabase
    .from('play_refusals')
    .select('day, reason, plays, customers(time_zone)')
    .eq('device_id', deviceId)
    .gte('day', from)
    .throwOnError();
  const zone = data[0]?.customers?.time_zone ?? 'UTC';
  const day = dayIn(zone, now);
  const reasons = data
    .filter((r) => r.day === day)
    .map((r) => ({ reason: r.reason, plays: r.plays }))
    .sort((a, b) => b.plays - a.plays || a.reason.localeCompare(b.reason));
  return { day, total: reasons.reduce((n, r) => n + r.plays, 0), reasons };
}

export const refusalsTodayQueryOptions = (deviceId: string) =>
  queryOptions({
    queryKey: [...equipmentKeys.detail(deviceId), 'refusals-today'] as const,
    queryFn: () => fetchRefusalsToday(deviceId),
  });
