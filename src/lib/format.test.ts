import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatLabel, formatMoney, timeAgo } from './format';

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
