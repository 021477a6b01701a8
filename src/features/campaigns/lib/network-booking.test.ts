import { describe, expect, it } from 'vitest';
import { emptyCampaignForm, type CampaignFormValues } from './campaign-schema';
import { overbookedField, targetedScreenIds } from './network-booking';

const screens = [
  { id: 'front', customer_id: 'cafe' },
  { id: 'bar', customer_id: 'cafe' },
  { id: 'treadmill', customer_id: 'gym' },
  { id: 'lockers', customer_id: 'gym' },
];
// A group may hold a screen no longer at any venue ('gone'): it plays nowhere.
const groups = [
  { id: 'gyms', device_ids: ['treadmill', 'lockers', 'bar'] },
  { id: 'old', device_ids: ['gone'] },
];

const values = (patch: Partial<CampaignFormValues>): CampaignFormValues => ({
  ...emptyCampaignForm,
  kind: 'network',
  advertiser_id: 'acme',
  ...patch,
});

describe('targetedScreenIds', () => {
  it('expands venues and groups, adds single screens, and counts each screen once', () => {
    const ids = targetedScreenIds(
      values({ target_venue_ids: ['cafe'], target_group_ids: ['gyms'], target_device_ids: ['treadmill'] }),
      screens,
      groups,
    );
    expect([...ids].sort()).toEqual(['bar', 'front', 'lockers', 'treadmill']);
  });

  it('names no screen without targets, and none that is not at a venue', () => {
    expect(targetedScreenIds(values({}), screens, groups).size).toBe(0);
    expect(
      targetedScreenIds(values({ target_group_ids: ['old'], target_device_ids: ['gone'] }), screens, groups).size,
    ).toBe(0);
  });

  it('on the whole network, every screen at a venue whatever the targets', () => {
    expect(targetedScreenIds(values({ network_plays_on: 'network' }), screens, groups).size).toBe(4);
  });
});

describe('overbookedField', () => {
  const fitted = values({ target_venue_ids: ['cafe'], spots_per_loop: 2, start_date: '2026-12-01' });

  it('points at what grew since the last booking that fitted: spots, then targets, then dates and times', () => {
    expect(overbookedField({ ...fitted, spots_per_loop: 3, target_group_ids: ['gyms'] }, fitted)).toBe('spots');
    expect(overbookedField({ ...fitted, target_group_ids: ['gyms'] }, fitted)).toBe('targets');
    expect(overbookedField({ ...fitted, network_plays_on: 'network' }, fitted)).toBe('targets');
    expect(overbookedField({ ...fitted, start_date: '2026-11-20' }, fitted)).toBe('dates');
    expect(
      overbookedField({ ...fitted, schedule: 'always', status: 'scheduled' }, { ...fitted, status: 'paused' }),
    ).toBe('dates');
  });

  it('fewer spots or targets are not the cause; with nothing changed, where it plays', () => {
    expect(overbookedField({ ...fitted, spots_per_loop: 1, end_date: '2027-01-31' }, fitted)).toBe('dates');
    expect(overbookedField(fitted, fitted)).toBe('targets');
  });

  it('with nothing that fitted before, its spots when it books more than one, else where it plays', () => {
    expect(overbookedField({ ...fitted, spots_per_loop: 4 }, null)).toBe('spots');
    expect(overbookedField({ ...fitted, spots_per_loop: 1 }, null)).toBe('targets');
  });
});
