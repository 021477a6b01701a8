// One React Query key root per table (and per storage bucket). Every query key starts with
// the root of the table it reads, generic to specific (['campaigns', 'list', filters]), so
// invalidating a root refreshes every list, detail, count and option list built on it.
import type { QueryClient } from '@tanstack/react-query';

export const tableKeys = {
  users: ['users'],
  customers: ['customers'],
  advertisers: ['advertisers'],
  ads: ['ads'],
  campaigns: ['campaigns'],
  campaign_items: ['campaign_items'],
  /** The chosen screens of campaigns that play on chosen screens only (campaigns.plays_on). */
  campaign_screens: ['campaign_screens'],
  equipment_status: ['equipment_status'],
  system_alerts: ['system_alerts'],
  /** The network's alert settings and the admins who receive alert e-mails. */
  alert_settings: ['alert_settings'],
  /** The network's settings (the loop length new screens get). */
  network_settings: ['network_settings'],
  /** Figures computed from many tables (network_summary(), dashboard_figures()). */
  network_figures: ['network_figures'],
  /** Proof of play: plays and their roll-ups (the reports, a venue's home). */
  plays: ['plays'],
  /** What plays now (player_playlist()): reads customers, campaigns, campaign_items and campaign_screens. */
  player_playlist: ['player_playlist'],
  /** Named sets of screens (the Groups page, Equipment's group filter, campaign targets). */
  screen_groups: ['screen_groups'],
  /** Which screens are in which groups (member and online counts, a group's members). */
  screen_group_members: ['screen_group_members'],
  /** Files of the ad-images bucket (the media library, slide image links). */
  ad_images: ['storage', 'ad-images'],
  /** Files of the customer-files bucket (a venue's photo and agreement). */
  customer_files: ['storage', 'customer-files'],
} as const satisfies Record<string, readonly string[]>;

export type KeyedTable = keyof typeof tableKeys;

/**
 * What a change to a table can make stale: the table itself, the tables whose rows follow
 * it by foreign key (deleted with it on cascade, or set null), and the reads that join or
 * count it. campaigns embed their slides and the customer's name; equipment_status names a
 * customer and the campaign it plays; campaign_screens follows both campaigns and devices (on
 * delete cascade); player_playlist joins customers, campaigns, slides and chosen screens.
 */
export const DEPENDENT_KEYS: Record<KeyedTable, readonly KeyedTable[]> = {
  users: ['users', 'customers', 'player_playlist', 'alert_settings'],
  customers: [
    'customers',
    'campaigns',
    'campaign_items',
    'campaign_screens',
    'equipment_status',
    'player_playlist',
    'network_figures',
    'plays',
  ],
  advertisers: ['advertisers', 'ads', 'network_figures', 'plays'],
  ads: ['ads', 'campaign_items', 'network_figures', 'plays'],
  campaigns: [
    'campaigns',
    'campaign_items',
    'campaign_screens',
    'equipment_status',
    'player_playlist',
    'network_figures',
    'plays',
  ],
  campaign_items: ['campaign_items', 'campaigns', 'player_playlist'],
  campaign_screens: ['campaign_screens', 'campaigns', 'player_playlist'],
  equipment_status: [
    'equipment_status',
    'campaign_screens',
    'player_playlist',
    'network_figures',
    // Members follow their screen (on delete cascade); a group's online count reads live status.
    'screen_group_members',
  ],
  system_alerts: ['system_alerts', 'network_figures'],
  alert_settings: ['alert_settings'],
  network_settings: ['network_settings'],
  network_figures: ['network_figures'],
  plays: ['plays'],
  player_playlist: ['player_playlist'],
  // Members follow their group (on delete cascade); Equipment's cards name each screen's groups;
  // a group a network campaign targets decides where it plays.
  screen_groups: ['screen_groups', 'screen_group_members', 'equipment_status', 'player_playlist'],
  screen_group_members: ['screen_group_members', 'equipment_status', 'player_playlist'],
  ad_images: ['ad_images'],
  customer_files: ['customer_files', 'customers'],
};

/**
 * Marks stale, and refetches when on screen, every query that reads `table` or follows it by
 * foreign key. Mutations return this promise from onSuccess so they settle once fresh data is in.
 */
export function invalidateTable(queryClient: QueryClient, table: KeyedTable): Promise<void> {
  return invalidateTables(queryClient, [table]);
}

/** invalidateTable for several tables at once: a query that follows more than one of them is read once. */
export function invalidateTables(queryClient: QueryClient, tables: readonly KeyedTable[]): Promise<void> {
  const dependents = new Set(tables.flatMap((table) => DEPENDENT_KEYS[table]));
  return Promise.all(
    [...dependents].map((dependent) => queryClient.invalidateQueries({ queryKey: tableKeys[dependent] })),
  ).then(() => undefined);
}
