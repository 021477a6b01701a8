// An advertiser's monthly statement (public.advertiser_statement()): per network campaign
// active in the month, the plays and seconds delivered and the amount billed (CPM: plays ÷
// 1,000 × price; fixed: prorated by the campaign's days in the month), and their total. Read
// by admins (the advertiser's page) and by the advertiser's own login (their portal).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { intlLocale, translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { withLocalizedErrors } from '@/entities/advertiser/server-errors';
import { tableKeys } from '@/entities/query-keys/table-keys';

export type StatementBasis = 'cpm' | 'fixed' | null;

export interface StatementLine {
  campaign_id: string;
  campaign_name: string;
  plays: number;
  seconds: number;
  basis: StatementBasis;
  amount: number;
}

export interface Statement {
  advertiser_id: string;
  /** The month's first day, yyyy-mm-dd. */
  month: string;
  /** ISO 4217 code, the network's (network_settings.currency). */
  currency: string;
  /** Whether the month has ended everywhere (its figures count in total_spent). */
  closed: boolean;
  lines: StatementLine[];
  total: number;
}

/** The first day (yyyy-mm-dd) of the month `back` months before `today`'s (a yyyy-mm-dd string). */
export function monthBefore(today: string, back: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** 'October 2026' for '2026-10-01' (any day of it), in the current language ('octubre de 2026'). */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  // Noon UTC of the month's first day, read in UTC: the same month in every time zone.
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1, 12)),
  );
}

/** Today's calendar date here, yyyy-mm-dd. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** '$1,234.50' in the statement's own currency, written the current language's way ('1234,50 €'). */
export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** How a line is priced, in words of the current language. */
export function basisLabel(basis: StatementBasis): string {
  if (basis === 'cpm') return translate('advertisers:statement.basis.cpm');
  if (basis === 'fixed') return translate('advertisers:statement.basis.fixed');
  return translate('advertisers:statement.basis.none');
}

const plays = tableKeys.plays;

/** Statements follow plays and campaigns (a campaign's change invalidates the plays root too). */
export const statementKeys = {
  all: [...plays, 'statement'] as const,
  detail: (advertiserId: string, month: string) =>
    queryOptions({
      queryKey: [...plays, 'statement', advertiserId, month] as const,
      queryFn: (): Promise<Statement> =>
        withLocalizedErrors(async () => {
          const { data } = await supabase
            .rpc('advertiser_statement', { p_advertiser_id: advertiserId, p_month: month })
            .throwOnError();
          return toStatement(data);
        }),
    }),
};

/** The RPC's JSON as a Statement (numbers as numbers). */
export function toStatement(json: unknown): Statement {
  const s = json as Statement;
  return {
    advertiser_id: s.advertiser_id,
    month: s.month,
    currency: s.currency,
    closed: Boolean(s.closed),
    total: Number(s.total),
    lines: (s.lines ?? []).map((l) => ({
      campaign_id: l.campaign_id,
      campaign_name: l.campaign_name,
      plays: Number(l.plays),
      seconds: Number(l.seconds),
      basis: l.basis,
      amount: Number(l.amount),
    })),
  };
}

/** The statement of `advertiserId`'s month (asked only once both are known). */
export function useStatement(advertiserId: string, month: string) {
  return useQuery({ ...statementKeys.detail(advertiserId, month), enabled: advertiserId !== '' && month !== '' });
}
