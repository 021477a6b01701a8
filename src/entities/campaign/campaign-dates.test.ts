// Campaign dates are calendar days at the venue. `npm test` runs this file with the browser
// in America/Los_Angeles and again in Asia/Tokyo: nothing here may depend on that zone.
import { describe, expect, it } from 'vitest';
import { calendarDate, dayIn, formatCalendarDate, runsAt, runsOn } from './campaign-dates';

const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31' };
const NEW_YORK = 'America/New_York';

describe('a campaign running 1 to 31 March at a venue in New York', () => {
  it.each([
    ['2026-03-01T04:59:59Z', 'the last second of 28 February there', false],
    ['2026-03-01T05:00:00Z', 'the first second of 1 March there', true],
    ['2026-03-15T12:00:00Z', 'the middle of the month', true],
    ['2026-04-01T03:59:59Z', 'the last second of 31 March there (EDT)', true],
    ['2026-04-01T04:00:00Z', 'the first second of 1 April there', false],
  ])('at %s (%s) plays: %s', (instant, _what, plays) => {
    expect(runsAt(MARCH, NEW_YORK, new Date(instant))).toBe(plays);
  });

  it('plays on its first and last day, not the days around them', () => {
    expect(runsOn(MARCH, '2026-02-28')).toBe(false);
    expect(runsOn(MARCH, '2026-03-01')).toBe(true);
    expect(runsOn(MARCH, '2026-03-31')).toBe(true);
    expect(runsOn(MARCH, '2026-04-01')).toBe(false);
  });

  it('treats a missing date as open-ended', () => {
    expect(runsOn({ start_date: null, end_date: '2026-03-31' }, '1999-01-01')).toBe(true);
    expect(runsOn({ start_date: '2026-03-01', end_date: null }, '2099-12-31')).toBe(true);
  });
});

describe('campaign dates', () => {
  it('reads the venue’s day, not the browser’s', () => {
    const at = new Date('2026-03-01T02:00:00Z');
    expect(dayIn(NEW_YORK, at)).toBe('2026-02-28');
    expect(dayIn('Asia/Tokyo', at)).toBe('2026-03-01');
    expect(dayIn('UTC', at)).toBe('2026-03-01');
  });

  it('reads an older midnight-UTC timestamp as the day it was chosen for', () => {
    expect(calendarDate('2026-03-01T00:00:00+00:00')).toBe('2026-03-01');
    expect(calendarDate('2026-03-01')).toBe('2026-03-01');
    expect(calendarDate(null)).toBeNull();
    expect(
      runsAt({ start_date: '2026-03-01T00:00:00Z', end_date: null }, NEW_YORK, new Date('2026-03-01T03:00:00Z')),
    ).toBe(false);
  });

  it('shows a calendar date as the same day in every browser zone', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatCalendarDate('2026-03-31T00:00:00Z')).toBe('Mar 31, 2026');
    expect(formatCalendarDate(null)).toBe('—');
  });
});
