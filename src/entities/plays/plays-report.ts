// Proof-of-play reports, summed in SQL from the venue-day roll-up (play_days):
// plays_report() groups the period's plays by campaign, advertiser, ad, venue, screen or
// day; plays_by_day() lists every day of the period. Periods are venue-local calendar days,
// both ends included, at most 2 years. An admin reads any venue (or all); a venue's own
// login passes no venue and reads its own. The admin's Reports page and a venue's home
// read them through these options.
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '../query-keys/table-keys';
import type { Day } from './calendar-days';

export const PLAY_GROUPS = ['campaign', 'advertiser', 'ad', 'venue', 'screen', 'day'] as const;
export type PlayGroup = (typeof PLAY_GROUPS)[number];

/** What a report covers: venue-local days from..to (inclusive), optionally one venue and/or advertiser. */
export interface PlaysScope {
  from: Day;
  to: Day;
  /** null: every venue (admins), or the signed-in venue's own. */
  customerId?: string | null;
  advertiserId?: string | null;
}

export interface PlaysReportRow {
  /** The campaign's (advertiser's, ...) id, or the day; null for plays of no campaign (no ad, ...). */
  key: string | null;
  label: string;
  /** The venue, the advertiser, the location, or 'N venues'. */
  detail: string;
  plays: number;
  seconds: number;
  /** How many screens played it. */
  screens: number;
}

export interface PlaysDay {
  day: Day;
  plays: number;
  seconds: number;
}

/** The scope as a key and as the functions' arguments: no venue or advertiser when none is chosen. */
function normalised({ from, to, customerId, advertiserId }: PlaysScope) {
  return { from, to, customerId: customerId || null, advertiserId: advertiserId || null };
}

function args(scope: PlaysScope) {
  const { from, to, customerId, advertiserId } = normalised(scope);
  return {
    p_from: from,
    p_to: to,
    ...(customerId ? { p_customer_id: customerId } : {}),
    ...(advertiserId ? { p_advertiser_id: advertiserId } : {}),
  };
}

export const playsKeys = {
  all: tableKeys.plays,
  report: (scope: PlaysScope, group: PlayGroup) => [...tableKeys.plays, 'report', group, normalised(scope)] as const,
  byDay: (scope: PlaysScope) => [...tableKeys.plays, 'by-day', normalised(scope)] as const,
};

async function getPlaysReport(scope: PlaysScope, group: PlayGroup): Promise<PlaysReportRow[]> {
  const { data } = await supabase.rpc('plays_report', { ...args(scope), p_group: group }).throwOnError();
  return (data ?? []).map((row) => ({
    key: (row.key as string | null) ?? null,
    label: row.label,
    detail: row.detail ?? '',
    plays: Number(row.plays),
    seconds: Number(row.seconds),
    screens: Number(row.screens),
  }));
}

async function getPlaysByDay(scope: PlaysScope): Promise<PlaysDay[]> {
  const { data } = await supabase.rpc('plays_by_day', args(scope)).throwOnError();
  return (data ?? []).map((row) => ({ day: row.day, plays: Number(row.plays), seconds: Number(row.seconds) }));
}

/** The period's plays grouped by `group`, largest first (days in order). */
export const playsReportQuery = (scope: PlaysScope, group: PlayGroup) =>
  queryOptions({ queryKey: playsKeys.report(scope, group), queryFn: () => getPlaysReport(scope, group) });

/** Plays and seconds on screen for every day of the period (0 where nothing played). */
export const playsByDayQuery = (scope: PlaysScope) =>
  queryOptions({ queryKey: playsKeys.byDay(scope), queryFn: () => getPlaysByDay(scope) });

/** The period's totals from its days. */
export function playsTotals(days: readonly PlaysDay[]): { plays: number; seconds: number } {
  return days.reduce((sum, d) => ({ plays: sum.plays + d.plays, seconds: sum.seconds + d.seconds }), {
    plays: 0,
    seconds: 0,
  });
}
