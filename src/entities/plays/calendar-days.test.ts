import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, formatDay, lastDays, parseDay } from './calendar-days';
import { formatHms, formatTimeOnScreen, formatTimeTick } from './time-on-screen';

describe('calendar days', () => {
  it('adds days and months across month, year and leap-day ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // Daylight saving changes nothing: days are dates, not 24-hour steps in the browser's zone.
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(addMonths('2026-01-15', -2)).toBe('2025-11-15');
  });

  it('counts days between and the last n days', () => {
    expect(daysBetween('2024-11-19', '2026-11-20')).toBe(731);
    expect(daysBetween('2026-11-20', '2026-11-19')).toBe(-1);
    expect(lastDays('2026-11-20', 7)).toEqual({ from: '2026-11-14', to: '2026-11-20' });
  });

  it('refuses what is not a real day', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-2-3')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it('formats a day the same in every browser zone', () => {
    expect(formatDay('2026-11-20')).toBe('Nov 20');
    expect(formatDay('2026-11-20', 'long')).toBe('Fri, Nov 20, 2026');
  });
});

describe('time on screen', () => {
  it('reads as hours and minutes on the page, h:mm:ss in files', () => {
    expect(formatTimeOnScreen(0)).toBe('0 s');
    expect(formatTimeOnScreen(45.4)).toBe('45 s');
    expect(formatTimeOnScreen(60)).toBe('1 min');
    expect(formatTimeOnScreen(3600)).toBe('1 h');
    expect(formatTimeOnScreen(11_525)).toBe('3 h 12 min');
    expect(formatHms(11_525)).toBe('3:12:05');
    expect(formatHms(176_400)).toBe('49:00:00');
    expect(formatHms(-3)).toBe('0:00:00');
    expect(formatTimeTick(5400)).toBe('1.5 h');
    expect(formatTimeTick(600)).toBe('10 min');
  });
});
