import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatLabel,
  formatMoney,
  formatNumber,
  formatTime,
  setNetworkCurrency,
  timeAgo,
} from './format';

describe('formatMoney', () => {
  it('formats dollars with cents and accepts numeric strings', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('99')).toBe('$99.00');
    expect(formatMoney(0)).toBe('$0.00');
  });
  it('gives the fallback for missing or non-numeric values', () => {
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(undefined, 'Not set')).toBe('Not set');
    expect(formatMoney('abc')).toBe('—');
  });
});

describe('formatDate', () => {
  it('reads a bare date as that calendar day', () => {
    expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
  });
  it('gives the fallback for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date', 'Unknown')).toBe('Unknown');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it("says 'Just now' under a minute (and for future times)", () => {
    expect(timeAgo(ago(0), now)).toBe('Just now');
    expect(timeAgo(ago(59_999), now)).toBe('Just now');
    expect(timeAgo(new Date(now.getTime() + 5000), now)).toBe('Just now');
  });
  it('then counts minutes, hours and days', () => {
    expect(timeAgo(ago(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(timeAgo(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(timeAgo(ago(23 * 3_600_000), now)).toBe('23 hours ago');
    expect(timeAgo(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(timeAgo(ago(10 * 86_400_000), now)).toBe('10 days ago');
  });
});

describe('formatDuration', () => {
  it('formats seconds as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9)).toBe('0:09');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(720)).toBe('12:00');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('formatLabel', () => {
  it('turns a stored value into a label', () => {
    expect(formatLabel('active')).toBe('Active');
    expect(formatLabel('business_info')).toBe('Business info');
    expect(formatLabel(null)).toBe('');
  });
});

describe('in the chosen language and the network’s currency', () => {
  afterEach(async () => {
    setNetworkCurrency('USD');
    await i18n.changeLanguage('en');
  });

  it('formats money, numbers and dates the way Spanish and German readers write them', async () => {
    await i18n.changeLanguage('de');
    expect(formatMoney(1234.5)).toBe('1.234,50\u00a0$');
    expect(formatNumber(2000)).toBe('2.000');
    expect(formatNumber(12000)).toBe('12.000');
    expect(formatDate('2026-03-01')).toBe('1. März 2026');
    await i18n.changeLanguage('es');
    expect(formatNumber(12000)).toBe('12.000');
    expect(formatNumber(2000)).toBe('2000');
    expect(formatDate('2026-03-01')).toBe('1 mar 2026');
  });

  it('shows amounts in the network’s currency once it is set, and keeps it on the device', async () => {
    setNetworkCurrency('EUR');
    expect(formatMoney(99)).toBe('€99.00');
    expect(localStorage.getItem('signage:currency')).toBe('EUR');
    await i18n.changeLanguage('de');
    expect(formatMoney(99)).toBe('99,00\u00a0€');
    setNetworkCurrency('not a code');
    expect(formatMoney(99)).toBe('99,00\u00a0€');
  });

  it('tells how long ago in the language, with its plural forms', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    await i18n.changeLanguage('es');
    expect(timeAgo(new Date(now.getTime() - 60_000), now)).toBe('hace 1 minuto');
    expect(timeAgo(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('hace 3 horas');
    await i18n.changeLanguage('de');
    expect(timeAgo(new Date(now.getTime() - 2 * 86_400_000), now)).toBe('vor 2 Tagen');
    expect(timeAgo(now, now)).toBe('Gerade eben');
  });

  it('shows a time on a venue’s clock, in the language’s own way', async () => {
    const at = '2026-11-22T15:01:00Z';
    expect(formatTime(at, { timeZone: 'America/New_York' })).toMatch(/^10:01\sAM$/);
    await i18n.changeLanguage('de');
    expect(formatTime(at, { timeZone: 'Europe/Berlin' })).toBe('16:01');
    expect(formatDateTime('2026-11-22T15:01:00', '—')).toMatch(/^22\. Nov\. 2026, 15:01$/);
  });
});
