import { describe, expect, it } from 'vitest';
import { campaignPeriod, periodFrom } from './period';

// Midday in UTC: the same calendar day (Nov 26) in Los Angeles and in Tokyo.
const NOW = new Date('2026-11-26T12:00:00Z');
const none = new URLSearchParams();

describe("a portal page's period", () => {
  it('is the one in the address when it is a good one, else the last 30 days', () => {
    expect(periodFrom(new URLSearchParams('from=2026-11-01&to=2026-11-10'), NOW)).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
    });
    for (const bad of ['from=2026-11-10&to=2026-11-01', 'from=nope&to=2026-11-01', 'from=2020-01-01&to=2026-11-01']) {
      expect(periodFrom(new URLSearchParams(bad), NOW), bad).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    }
  });

  it('of a campaign runs from its first day to its last day or today, whichever comes first', () => {
    expect(campaignPeriod(none, { startDate: '2026-11-24', endDate: '2026-12-26' }, NOW)).toEqual({
      from: '2026-11-24',
      to: '2026-11-26',
    });
    expect(campaignPeriod(none, { startDate: '2026-10-01', endDate: '2026-10-15' }, NOW)).toEqual({
      from: '2026-10-01',
      to: '2026-10-15',
    });
    // No start, or one still to come: the last 30 days.
    expect(campaignPeriod(none, { startDate: null, endDate: null }, NOW)).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
    expect(campaignPeriod(none, { startDate: '2026-12-01', endDate: null }, NOW)).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
    // At most 2 years, ending where it ends.
    expect(campaignPeriod(none, { startDate: '2020-01-01', endDate: null }, NOW)).toEqual({
      from: '2024-11-26',
      to: '2026-11-26',
    });
    // The address wins.
    expect(
      campaignPeriod(
        new URLSearchParams('from=2026-11-25&to=2026-11-25'),
        { startDate: '2026-11-24', endDate: null },
        NOW,
      ),
    ).toEqual({ from: '2026-11-25', to: '2026-11-25' });
  });
});
