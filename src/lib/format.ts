// Display formats shared by every screen: money, dates, time ago and durations, through `Intl`
// in the language the screens speak now (src/i18n) and the network's currency.
import { currentLocale, intlLocale, translate } from '@/i18n';

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare date ('2026-03-01') is a calendar day, not UTC midnight: read it as local.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Where the network's currency last read is kept on the device (money shows before any read). */
const keptCurrencyKey = 'signage:currency';
export const defaultCurrency = 'USD';

function readKeptCurrency(): string {
  try {
    const kept = globalThis.localStorage?.getItem(keptCurrencyKey);
    return kept && /^[A-Z]{3}$/.test(kept) ? kept : defaultCurrency;
  } catch {
    return defaultCurrency;
  }
}

let currency = readKeptCurrency();

/** The network's currency (ISO 4217), as `network_settings.currency` says. */
export function networkCurrency(): string {
  return currency;
}

/** Sets the currency every amount is shown in, and keeps it on the device. */
export function setNetworkCurrency(code: string | null | undefined): void {
  if (!code || !/^[A-Z]{3}$/.test(code) || code === currency) return;
  currency = code;
  try {
    localStorage.setItem(keptCurrencyKey, code);
  } catch {
    // Storage may be refused; the currency then holds for this visit.
  }
}

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormat(): Intl.NumberFormat {
  const key = `${currentLocale()}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(), { style: 'currency', currency });
    formatters.set(key, format);
  }
  return format;
}

/** '$1,234.50'; numeric strings (Postgres numeric) are accepted; null/empty gives `fallback`. */
export function formatMoney(value: number | string | null | undefined, fallback = '—'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? moneyFormat().format(n) : fallback;
}

/** 'Mar 1, 2026'; missing or invalid gives `fallback`. */
export function formatDate(value: DateInput, fallback = '—'): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString(intlLocale(), { year: 'numeric', month: 'short', day: 'numeric' }) : fallback;
}

/** 'Mar 1, 2026, 2:05 PM'; missing or invalid gives `fallback`. */
export function formatDateTime(value: DateInput, fallback = '—'): string {
  const date = toDate(value);
  return date
    ? date.toLocaleString(intlLocale(), {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : fallback;
}

/**
 * How long ago: 'Just now' under a minute, then '5 minutes ago', '3 hours ago', '2 days ago'
 * (singular for 1). A time in the future counts as just now.
 */
export function timeAgo(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return translate('common:time.justNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return translate('common:time.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return translate('common:time.hoursAgo', { count: hours });
  const days = Math.floor(hours / 24);
  return translate('common:time.daysAgo', { count: days });
}

/** Seconds as m:ss ('1:05', '0:09', '12:00'); negative or invalid counts as 0. */
export function formatDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** 'Active' from 'active', 'Business info' from 'business_info'. */
export function formatLabel(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** '1,234' in English, '1.234' in German: counts and figures in the current language. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

/** '2:05 PM' / '14:05'; `timeZone` (IANA) shows the time on a venue's clock. Missing or invalid gives `fallback`. */
export function formatTime(
  value: DateInput,
  { timeZone, fallback = '—' }: { timeZone?: string; fallback?: string } = {},
): string {
  const date = toDate(value);
  return date ? date.toLocaleTimeString(intlLocale(), { hour: 'numeric', minute: '2-digit', timeZone }) : fallback;
}
