// What a wall may show of a dynamic slide: live data, else the live data kept on the device
// while it is under a day old, else nothing (the slide is skipped for a while).
import { afterEach, describe, expect, it } from 'vitest';
import { answer, weather } from './test-fixtures';
import {
  dynamicRequestKey,
  isUnavailable,
  KEPT_DATA_MAX_AGE_MS,
  keepLiveData,
  keptLiveData,
  markAvailable,
  markUnavailable,
  resetAvailability,
  UNAVAILABLE_RETRY_MS,
  wallContent,
} from './wall-data';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
const KEY = dynamicRequestKey('weather', { location: 'Paris' });

afterEach(() => resetAvailability());

describe('keeping live data on the device', () => {
  it('keeps a live answer and gives it back, with the time the service fetched it, for a day', () => {
    keepLiveData(KEY, answer('weather', { ...weather, location: 'Paris' }, { updatedAt: hoursAgo(23) }));
    const kept = keptLiveData(KEY, 'weather', NOW);
    expect(kept?.updatedAt).toBe(hoursAgo(23));
    expect(kept?.data).toMatchObject({ location: 'Paris' });
    expect(keptLiveData(KEY, 'weather', NOW + 2 * 3_600_000)).toBeNull();
  });

  it('never keeps sample data', () => {
    keepLiveData(KEY, answer('weather', weather, { fallback: true, updatedAt: hoursAgo(1) }));
    expect(keptLiveData(KEY, 'weather', NOW)).toBeNull();
  });

  it('keeps each request apart: another location or type has nothing kept', () => {
    keepLiveData(KEY, answer('weather', weather, { updatedAt: hoursAgo(1) }));
    expect(keptLiveData(dynamicRequestKey('weather', { location: 'Rome' }), 'weather', NOW)).toBeNull();
    expect(keptLiveData(KEY, 'news', NOW)).toBeNull();
  });
});

describe('wallContent', () => {
  const live = answer('weather', weather, { updatedAt: hoursAgo(0.1) });
  const sample = answer('weather', weather, { fallback: true, updatedAt: hoursAgo(0) });
  const kept = { type: 'weather' as const, data: { ...weather, location: 'Kept' }, updatedAt: hoursAgo(5) };

  it('shows live data as it comes', () => {
    expect(wallContent({ pending: false, response: live }, kept, NOW)).toEqual({
      kind: 'data',
      data: weather,
      updatedAt: live.updatedAt,
      kept: false,
    });
  });

  it('instead of a sample answer or a failed call: the kept live data with its own time', () => {
    for (const response of [sample, undefined]) {
      expect(wallContent({ pending: false, response }, kept, NOW)).toEqual({
        kind: 'data',
        data: kept.data,
        updatedAt: kept.updatedAt,
        kept: true,
      });
    }
  });

  it('nothing when there is no live data and nothing kept, never the sample', () => {
    expect(wallContent({ pending: false, response: sample }, null, NOW)).toEqual({ kind: 'none' });
    expect(wallContent({ pending: false, response: undefined }, null, NOW)).toEqual({ kind: 'none' });
  });

  it('a live answer held on through failed refreshes counts for a day only', () => {
    const old = answer('weather', weather, { updatedAt: new Date(NOW - KEPT_DATA_MAX_AGE_MS - 1).toISOString() });
    expect(wallContent({ pending: false, response: old }, null, NOW)).toEqual({ kind: 'none' });
  });

  it('waits while the first answer is on its way', () => {
    expect(wallContent({ pending: true, response: undefined }, kept, NOW)).toEqual({ kind: 'loading' });
  });
});

describe('slides without data', () => {
  it('are skipped for a minute, then tried again; available again at once when data comes', () => {
    markUnavailable(KEY, NOW);
    expect(isUnavailable(KEY, NOW + UNAVAILABLE_RETRY_MS - 1)).toBe(true);
    expect(isUnavailable(KEY, NOW + UNAVAILABLE_RETRY_MS)).toBe(false);
    markUnavailable(KEY, NOW);
    markAvailable(KEY);
    expect(isUnavailable(KEY, NOW)).toBe(false);
  });
});
