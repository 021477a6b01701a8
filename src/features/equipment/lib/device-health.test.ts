import { describe, expect, it } from 'vitest';
import { deviceHealth, formatBytes, formatOffset, healthFigures } from './device-health';

describe('a screen’s health', () => {
  it('is unknown until the screen reported something', () => {
    expect(deviceHealth(null, null)).toBeNull();
  });

  it('is good with the figures of a healthy screen', () => {
    const figures = healthFigures({ storage_used: 10, storage_quota: 100, heap_used: 10, heap_limit: 100 });
    expect(deviceHealth(figures, 400)).toEqual({ state: 'good', reasons: [] });
  });

  it('needs attention before it is bad, and is bad at the thresholds that raise alerts', () => {
    expect(deviceHealth({}, 6_000)).toEqual({ state: 'attention', reasons: ['clock 6 s ahead'] });
    expect(deviceHealth({}, 30_000)?.state).toBe('attention');
    expect(deviceHealth({}, -31_000)).toEqual({ state: 'bad', reasons: ['clock 31 s behind'] });
    expect(deviceHealth({ storage_used: 85, storage_quota: 100 }, 0)?.state).toBe('attention');
    expect(deviceHealth({ storage_used: 91, storage_quota: 100 }, 0)).toEqual({
      state: 'bad',
      reasons: ['9 % storage free'],
    });
    expect(deviceHealth({ restarts_last_hour: 5 }, 0)?.state).toBe('attention');
    expect(deviceHealth({ restarts_last_hour: 6 }, 0)).toEqual({
      state: 'bad',
      reasons: ['6 restarts in the last hour'],
    });
  });

  it('keeps only the figures it knows, each of its kind', () => {
    expect(healthFigures({ heap_used: 5, network_type: '4g', heap_limit: 'lots', other: 1 })).toEqual({
      heap_used: 5,
      network_type: '4g',
    });
    expect(healthFigures('nonsense')).toBeNull();
  });

  it('reads offsets and sizes as people do', () => {
    expect(formatOffset(200)).toBe('in time');
    expect(formatOffset(-65_000)).toBe('1 min 5 s behind');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(20 * 1024 ** 3)).toBe('20 GB');
  });
});
