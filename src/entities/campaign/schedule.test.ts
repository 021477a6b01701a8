// The schedule rule screens follow on their own: in the venue's zone, whatever the browser's
// (the unit suite runs in Los Angeles and in Tokyo), across midnight and daylight-saving days.
import { describe, expect, it } from 'vitest';
import type { ScheduleWindow } from '@/types/database-json';
import {
  airStatus,
  describeDays,
  describeWindows,
  instantOf,
  localTime,
  nextStart,
  playsAt,
  windowsCover,
  type Schedulable,
} from './schedule';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const campaign = (patch: Partial<Schedulable> = {}): Schedulable => ({
  status: 'active',
  start_date: null,
  end_date: null,
  windows: [],
  ...patch,
});
const breakfast: ScheduleWindow = { days: [1, 2, 3, 4, 5], start: '07:00', end: '11:00' };
const lateNight: ScheduleWindow = { days: [5, 6], start: '22:00', end: '02:00' };

describe('localTime', () => {
  it('reads the venue’s date, weekday and minute, not the browser’s', () => {
    // 03:30 UTC on Wednesday 25 Nov 2026 is Tuesday 22:30 in New York and Wednesday 12:30 in Tokyo.
    expect(localTime(NY, at('2026-11-25T03:30:00Z'))).toEqual({
      date: '2026-11-24',
      weekday: 2,
      minutes: 22 * 60 + 30,
    });
    expect(localTime('Asia/Tokyo', at('2026-11-25T03:30:00Z'))).toEqual({
      date: '2026-11-25',
      weekday: 3,
      minutes: 12 * 60 + 30,
    });
  });
});

describe('windows', () => {
  it('cover their days from the start up to (not including) the end', () => {
    expect(windowsCover([breakfast], { weekday: 1, minutes: 7 * 60 })).toBe(true);
    expect(windowsCover([breakfast], { weekday: 5, minutes: 10 * 60 + 59 })).toBe(true);
    expect(windowsCover([breakfast], { weekday: 5, minutes: 11 * 60 })).toBe(false);
    expect(windowsCover([breakfast], { weekday: 1, minutes: 6 * 60 + 59 })).toBe(false);
    expect(windowsCover([breakfast], { weekday: 6, minutes: 8 * 60 })).toBe(false);
  });

  it('run over midnight into the next day when the end is before the start', () => {
    // Friday 22:00 to Saturday 02:00, and Saturday 22:00 to Sunday 02:00.
    expect(windowsCover([lateNight], { weekday: 5, minutes: 23 * 60 })).toBe(true);
    expect(windowsCover([lateNight], { weekday: 6, minutes: 90 })).toBe(true);
    expect(windowsCover([lateNight], { weekday: 7, minutes: 90 })).toBe(true);
    expect(windowsCover([lateNight], { weekday: 7, minutes: 120 })).toBe(false);
    expect(windowsCover([lateNight], { weekday: 5, minutes: 90 })).toBe(false);
    // Sunday night into Monday morning: the days wrap.
    expect(windowsCover([{ days: [7], start: '23:00', end: '01:00' }], { weekday: 1, minutes: 30 })).toBe(true);
  });

  it('cover everything when there are none, and any of several', () => {
    expect(windowsCover([], { weekday: 3, minutes: 0 })).toBe(true);
    expect(windowsCover([breakfast, lateNight], { weekday: 6, minutes: 60 })).toBe(true);
    expect(
      windowsCover([breakfast, { days: [6, 7], start: '00:00', end: '24:00' }], { weekday: 7, minutes: 1439 }),
    ).toBe(true);
  });
});

describe('playsAt', () => {
  it('plays active and scheduled campaigns within their dates, never paused or completed ones', () => {
    const noon = at('2026-11-25T17:00:00Z'); // 12:00 in New York
    expect(playsAt(campaign(), NY, noon)).toBe(true);
    expect(playsAt(campaign({ status: 'scheduled', start_date: '2026-11-25' }), NY, noon)).toBe(true);
    expect(playsAt(campaign({ status: 'scheduled', start_date: '2026-11-26' }), NY, noon)).toBe(false);
    expect(playsAt(campaign({ status: 'paused' }), NY, noon)).toBe(false);
    expect(playsAt(campaign({ status: 'completed' }), NY, noon)).toBe(false);
    expect(playsAt(campaign({ end_date: '2026-11-24' }), NY, noon)).toBe(false);
  });

  it('turns a day over at the venue’s midnight', () => {
    const lastDay = campaign({ end_date: '2026-11-24' });
    expect(playsAt(lastDay, NY, at('2026-11-25T04:59:00Z'))).toBe(true); // 23:59 in New York
    expect(playsAt(lastDay, NY, at('2026-11-25T05:00:00Z'))).toBe(false); // 00:00
  });

  it('plays a window’s over-midnight tail only on days within the dates', () => {
    // Ends on Friday 27 Nov: Friday night plays until midnight, not into Saturday.
    const friday = campaign({ end_date: '2026-11-27', windows: [lateNight] });
    expect(playsAt(friday, NY, at('2026-11-28T04:30:00Z'))).toBe(true); // Fri 23:30
    expect(playsAt(friday, NY, at('2026-11-28T05:30:00Z'))).toBe(false); // Sat 00:30
  });

  it('follows wall-clock windows across daylight-saving changes', () => {
    const morning = campaign({ windows: [{ days: [7], start: '07:00', end: '08:00' }] });
    // Sunday 8 Mar 2026 (clocks forward at 02:00): 07:00 EDT is 11:00 UTC.
    expect(playsAt(morning, NY, at('2026-03-08T11:00:00Z'))).toBe(true);
    expect(playsAt(morning, NY, at('2026-03-08T10:59:00Z'))).toBe(false);
    // Sunday 1 Nov 2026 (clocks back at 02:00): 07:00 EST is 12:00 UTC.
    expect(playsAt(morning, NY, at('2026-11-01T12:00:00Z'))).toBe(true);
    expect(playsAt(morning, NY, at('2026-11-01T11:30:00Z'))).toBe(false);
  });
});

describe('nextStart and airStatus', () => {
  it('finds the next window’s start in the venue’s time, across a daylight-saving change', () => {
    const c = campaign({ windows: [breakfast] });
    // Saturday 7 Mar 2026 12:00 EST: next is Monday 9 Mar 07:00 EDT, 11:00 UTC.
    expect(nextStart(c, NY, at('2026-03-07T17:00:00Z'))?.toISOString()).toBe('2026-03-09T11:00:00.000Z');
    expect(instantOf(NY, '2026-03-09', 7 * 60).toISOString()).toBe('2026-03-09T11:00:00.000Z');
    expect(instantOf(NY, '2026-11-02', 7 * 60).toISOString()).toBe('2026-11-02T12:00:00.000Z');
    expect(nextStart(campaign({ status: 'paused' }), NY, at('2026-03-07T17:00:00Z'))).toBeNull();
  });

  it('says why a campaign is or is not on air', () => {
    const now = at('2026-11-25T17:00:00Z'); // Wednesday 12:00 in New York
    expect(airStatus(campaign(), NY, now)).toMatchObject({ onAir: true, label: 'On air', detail: 'Plays all day.' });
    expect(airStatus(campaign({ status: 'paused' }), NY, now)).toMatchObject({ onAir: false, label: 'Paused' });
    expect(airStatus(campaign({ status: 'completed' }), NY, now).label).toBe('Completed');
    expect(airStatus(campaign({ start_date: '2026-12-01' }), NY, now).label).toBe('Starts Dec 1');
    expect(airStatus(campaign({ end_date: '2026-11-20' }), NY, now).label).toBe('Ended Nov 20');
    expect(airStatus(campaign({ windows: [breakfast] }), NY, now)).toEqual({
      onAir: false,
      label: 'Off air until Thu 07:00',
      detail: 'Plays Mon–Fri 07:00–11:00.',
    });
    expect(airStatus(campaign({ windows: [{ days: [3], start: '18:00', end: '20:00' }] }), NY, now).label).toBe(
      'Off air until 18:00',
    );
  });

  it('puts windows and days in words', () => {
    expect(describeDays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(describeDays([6, 7])).toBe('Sat, Sun');
    expect(describeDays([1, 3, 4, 5])).toBe('Mon, Wed–Fri');
    expect(describeDays([7, 1, 2, 3, 4, 5, 6])).toBe('Every day');
    expect(describeWindows([])).toBe('All day');
    expect(describeWindows([breakfast, lateNight])).toBe('Mon–Fri 07:00–11:00; Fri, Sat 22:00–02:00 (next day)');
  });
});
