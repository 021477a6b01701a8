// The Reports page's choices, kept in the address so a report can be shared and the back
// button works: ?period=last-30-days (or period=custom&from=2026-11-01&to=2026-11-07),
// &group=advertiser, &venue=<id>, &advertiser=<id>, &sort=plays&dir=asc. Anything missing
// or unknown reads as the default (the last 7 days, by campaign, every venue and advertiser,
// in the report's own order).
import {
  addDays,
  addMonths,
  daysBetween,
  lastDays,
  parseDay,
  startOfMonth,
  type Day,
} from '@/entities/plays/calendar-days';
import { PLAY_GROUPS, type PlayGroup, type PlaysScope } from '@/entities/plays/plays-report';
import { translate } from '@/i18n';

export const PERIOD_PRESETS = [
  { id: 'last-7-days', labelKey: 'reports:periods.last7Days' },
  { id: 'last-30-days', labelKey: 'reports:periods.last30Days' },
  { id: 'this-month', labelKey: 'reports:periods.thisMonth' },
  { id: 'last-month', labelKey: 'reports:periods.lastMonth' },
  { id: 'last-12-months', labelKey: 'reports:periods.last12Months' },
] as const;

export type PresetId = (typeof PERIOD_PRESETS)[number]['id'];
export type PeriodChoice = PresetId | 'custom';

export const DEFAULT_PRESET: PresetId = 'last-7-days';

/** plays_report() and plays_by_day() take at most 731 days between the first and the last day. */
export const MAX_PERIOD_DAYS = 731;

/** 'Campaign', 'Venue', …: what the report's rows are, in the current language. */
export const groupLabel = (group: PlayGroup): string => translate(`reports:groups.${group}`);

export const SORT_KEYS = ['label', 'detail', 'plays', 'seconds', 'screens'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

/** The browser's calendar day: "today" for an admin's presets. */
export function browserToday(now: Date = new Date()): Day {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The days a preset covers, counted back from `today` (inclusive). */
export function presetPeriod(id: PresetId, today: Day): { from: Day; to: Day } {
  switch (id) {
    case 'last-7-days':
      return lastDays(today, 7);
    case 'last-30-days':
      return lastDays(today, 30);
    case 'this-month':
      return { from: startOfMonth(today), to: today };
    case 'last-month': {
      const first = startOfMonth(today);
      return { from: addMonths(first, -1), to: addDays(first, -1) };
    }
    case 'last-12-months':
      return { from: addDays(addMonths(today, -12), 1), to: today };
  }
}

export interface PeriodErrors {
  from?: string;
  to?: string;
}

/** What is wrong with a custom period, per field (nothing when it can be read). */
export function periodErrors(from: string, to: string): PeriodErrors {
  const errors: PeriodErrors = {};
  if (!from) errors.from = translate('reports:period.errors.fromRequired');
  else if (!parseDay(from)) errors.from = translate('reports:period.errors.dateFormat');
  if (!to) errors.to = translate('reports:period.errors.toRequired');
  else if (!parseDay(to)) errors.to = translate('reports:period.errors.dateFormat');
  if (errors.from || errors.to) return errors;
  const days = daysBetween(from, to);
  if (days < 0) errors.to = translate('reports:period.errors.toBeforeFrom');
  else if (days > MAX_PERIOD_DAYS) errors.to = translate('reports:period.errors.tooLong');
  return errors;
}

export interface ReportParams {
  period: PeriodChoice;
  /** The period's days as chosen (a custom one may be invalid: see errors). */
  from: string;
  to: string;
  errors: PeriodErrors;
  group: PlayGroup;
  venue: string | null;
  advertiser: string | null;
  sort: SortKey | null;
  dir: SortDir;
  /** What to read, or null while the custom period has errors. */
  scope: PlaysScope | null;
}

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The page's choices as the address gives them, with the presets counted from `today`. */
export function readReportParams(params: URLSearchParams, today: Day): ReportParams {
  const custom =
    params.get('period') === 'custom' || (!params.has('period') && (params.has('from') || params.has('to')));
  const preset = pick(
    PERIOD_PRESETS.map((p) => p.id),
    params.get('period'),
  );
  let period: PeriodChoice;
  let from: string;
  let to: string;
  let errors: PeriodErrors = {};
  if (custom) {
    period = 'custom';
    from = params.get('from') ?? '';
    to = params.get('to') ?? '';
    errors = periodErrors(from, to);
  } else {
    period = preset ?? DEFAULT_PRESET;
    ({ from, to } = presetPeriod(period, today));
  }
  const venue = params.get('venue') || null;
  const advertiser = params.get('advertiser') || null;
  const valid = !errors.from && !errors.to;
  return {
    period,
    from,
    to,
    errors,
    group: pick(PLAY_GROUPS, params.get('group')) ?? 'campaign',
    venue,
    advertiser,
    sort: pick(SORT_KEYS, params.get('sort')) ?? null,
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    scope: valid ? { from, to, customerId: venue, advertiserId: advertiser } : null,
  };
}
