// The plays a screen uploaded that record_plays refused today (the venue's day), by reason:
// public.play_refusals, counted per screen, day and reason. Read for one device's details.
import { queryOptions } from '@tanstack/react-query';
import { dayIn } from '@/entities/campaign/campaign-dates';
import { supabase } from '@/lib/supabase';
import { equipmentKeys } from './equipment';

/** Why record_plays refused a play (play_refusals.reason), as the details panel says it. */
export const REFUSAL_REASONS: Record<string, string> = {
  not_scheduled: 'not scheduled',
  overlapping: 'overlapping',
  too_long: 'too long',
  replayed: 'replayed',
  other_venue: "another venue's slide",
  unknown_campaign: 'unknown campaign',
  unknown_slide: 'unknown slide',
  not_in_campaign: 'slide not in its campaign',
  invalid: 'malformed',
};

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
  if (refusals.total === 0) return 'None today';
  const label = (reason: string) => REFUSAL_REASONS[reason] ?? reason.replaceAll('_', ' ');
  const head = `${refusals.total} ${refusals.total === 1 ? 'play' : 'plays'} refused today`;
  if (refusals.reasons.length === 1) return `${head}: ${label(refusals.reasons[0]!.reason)}`;
  return `${head}: ${refusals.reasons.map((r) => `${r.plays} ${label(r.reason)}`).join(', ')}`;
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
