import { describe, expect, it } from 'vitest';
import { dynamicContentQueryOptions, dynamicContentRequest, refreshIntervalSeconds } from './dynamic-content';

describe('refreshIntervalSeconds', () => {
  it.each([
    [undefined, 300],
    [null, 300],
    ['', 300],
    ['abc', 300],
    [Number.NaN, 300],
    [300, 300],
    [60, 60],
    [59, 60],
    [0, 60],
    [-5, 60],
    [3600, 3600],
    [3601, 3600],
    ['120', 120],
    [90.4, 90],
  ])('%s → %i seconds', (refresh_interval, seconds) => {
    expect(refreshIntervalSeconds({ refresh_interval })).toBe(seconds);
  });

  it('is 300 without settings', () => {
    expect(refreshIntervalSeconds(null)).toBe(300);
  });
});

describe('dynamicContentRequest', () => {
  const settings = {
    location: ' Boston ',
    category: 'business',
    query: 'city',
    sport: 'basketball',
    league: 'nba',
    refresh_interval: 60,
  };

  it('sends each type only its own parameters', () => {
    expect(dynamicContentRequest('weather', settings)).toEqual({ type: 'weather', location: 'Boston' });
    expect(dynamicContentRequest('news', settings)).toEqual({ type: 'news', category: 'business', query: 'city' });
    expect(dynamicContentRequest('sports', settings)).toEqual({
      type: 'sports',
      sport: 'basketball',
      league: 'nba',
      view: undefined,
    });
  });

  it('leaves blanks out so the function uses its defaults', () => {
    expect(JSON.parse(JSON.stringify(dynamicContentRequest('weather', { location: '   ' })))).toEqual({
      type: 'weather',
    });
  });
});

describe('dynamicContentQueryOptions', () => {
  it('refetches at the clamped interval and keys by the request, not the interval', () => {
    const a = dynamicContentQueryOptions('weather', { location: 'Boston', refresh_interval: 10 });
    const b = dynamicContentQueryOptions('weather', { location: 'Boston', refresh_interval: 600 });
    expect(a.refetchInterval).toBe(60_000);
    expect(b.refetchInterval).toBe(600_000);
    expect(a.queryKey).toEqual(b.queryKey);
    expect(dynamicContentQueryOptions('weather', { location: 'Paris' }).queryKey).not.toEqual(a.queryKey);
  });
});
