// Pins the key roots: every query starts with the root of the table it reads, so these
// prefixes are what invalidation relies on. A renamed root shows up here first.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userKeys } from '@/lib/auth';
import { DEPENDENT_KEYS, invalidateTable, tableKeys } from './table-keys';

describe('query key roots', () => {
  it('are one per table, named as the table', () => {
    expect(tableKeys).toEqual({
      users: ['users'],
      customers: ['customers'],
      advertisers: ['advertisers'],
      ads: ['ads'],
      campaigns: ['campaigns'],
      campaign_items: ['campaign_items'],
      campaign_screens: ['campaign_screens'],
      equipment_status: ['equipment_status'],
      system_alerts: ['system_alerts'],
      alert_settings: ['alert_settings'],
      network_settings: ['network_settings'],
      network_figures: ['network_figures'],
      plays: ['plays'],
      player_playlist: ['player_playlist'],
      screen_groups: ['screen_groups'],
      screen_group_members: ['screen_group_members'],
      ad_images: ['storage', 'ad-images'],
      customer_files: ['storage', 'customer-files'],
    });
    // The role read lives in src/lib (below the entities) under the same root.
    expect(userKeys.all).toEqual(tableKeys.users);
  });

  it('follow foreign keys: a customer change reaches campaigns, slides, devices and playlists', () => {
    expect(DEPENDENT_KEYS.customers).toEqual(
      expect.arrayContaining(['customers', 'campaigns', 'campaign_items', 'equipment_status', 'player_playlist']),
    );
    expect(DEPENDENT_KEYS.campaigns).toEqual(
      expect.arrayContaining(['campaigns', 'campaign_items', 'player_playlist']),
    );
    expect(DEPENDENT_KEYS.campaign_items).toEqual(expect.arrayContaining(['campaigns', 'player_playlist']));
    expect(DEPENDENT_KEYS.campaign_screens).toEqual(
      expect.arrayContaining(['campaign_screens', 'campaigns', 'player_playlist']),
    );
    expect(DEPENDENT_KEYS.campaigns).toContain('campaign_screens');
    expect(DEPENDENT_KEYS.equipment_status).toContain('campaign_screens');
    expect(DEPENDENT_KEYS.advertisers).toEqual(expect.arrayContaining(['advertisers', 'ads']));
    // The shell's and dashboard's figures count alerts, screens, campaigns, venues and ads.
    for (const table of ['system_alerts', 'equipment_status', 'campaigns', 'customers', 'advertisers', 'ads'] as const)
      expect(DEPENDENT_KEYS[table]).toContain('network_figures');
    // Reports name campaigns, venues, advertisers and ads.
    for (const table of ['campaigns', 'customers', 'advertisers', 'ads'] as const)
      expect(DEPENDENT_KEYS[table]).toContain('plays');
    for (const [table, dependents] of Object.entries(DEPENDENT_KEYS)) expect(dependents).toContain(table);
  });

  it('invalidateTable marks every read of the table and of what follows it stale, and nothing else', async () => {
    const client = new QueryClient();
    const keys = [
      ['customers', 'list', { search: '' }],
      ['customers', 'count', { status: 'active' }],
      ['customers', 'options'],
      ['customers', 'mine', 'user-1'],
      ['campaigns', 'list', {}],
      ['campaign_items', 'list', { campaign_id: 'c1' }],
      ['campaign_screens', 'list', { campaign_id: 'c1' }],
      ['player_playlist', 'screen', 'user-1'],
      ['equipment_status', 'counts'],
      ['advertisers', 'list', {}],
      ['system_alerts', 'list', {}],
    ];
    for (const key of keys) client.setQueryData(key, 1);
    await invalidateTable(client, 'customers');
    const stale = keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key[0]);
    expect(new Set(stale)).toEqual(
      new Set(['customers', 'campaigns', 'campaign_items', 'campaign_screens', 'player_playlist', 'equipment_status']),
    );
  });
});
