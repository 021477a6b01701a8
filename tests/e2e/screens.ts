// The product's screens, by who sees them: the accessibility check walks them in English with
// their headings, and the languages spec walks them again in Spanish and German.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const CAFE_ID = 'c0000000-0000-4000-8000-000000000001';
export const ADVERTISER_ID = 'ad000000-0000-4000-8000-000000000001';
export const CAMPAIGN_ID = 'ca000000-0000-4000-8000-000000000001';
/** Brightline's seeded network campaign (its edit page has the Delivery panel). */
export const NETWORK_CAMPAIGN_ID = 'ca000000-0000-4000-8000-000000000005';
export const BRIGHTLINE = { email: 'james@brightline.example.com', password: 'demo-advertiser-pass' };

/** Admin screens with their English level-1 heading. */
export const ADMIN_SCREENS: readonly (readonly [string, string | RegExp])[] = [
  ['/dashboard', /Dashboard|Overview/],
  ['/dashboard/customers', 'Customers'],
  ['/dashboard/customers/add', /Add Customer/],
  [`/dashboard/customers/view/${CAFE_ID}`, 'Corner Cafe'],
  [`/dashboard/customers/edit/${CAFE_ID}`, /Edit Customer/],
  ['/dashboard/advertisers', 'Advertisers'],
  ['/dashboard/advertisers/add', /Add Advertiser/],
  [`/dashboard/advertisers/view/${ADVERTISER_ID}`, 'Sunrise Bakery Supply'],
  [`/dashboard/advertisers/edit/${ADVERTISER_ID}`, /Edit Advertiser/],
  // Brightline's page: its advertiser portal login, with Re-send link.
  ['/dashboard/advertisers/view/ad000000-0000-4000-8000-000000000002', 'Brightline Mobile'],
  ['/dashboard/campaigns', 'Campaigns'],
  ['/dashboard/campaigns/add', /Add Campaign/],
  [`/dashboard/campaigns/edit/${CAMPAIGN_ID}`, /Edit Campaign/],
  [`/dashboard/campaigns/builder/${CAMPAIGN_ID}`, 'Cafe Daily Specials'],
  ['/dashboard/campaigns/test-dynamic', 'Dynamic Content Test'],
  ['/dashboard/equipment', 'Equipment Status'],
  ['/dashboard/groups', 'Screen Groups'],
  ['/dashboard/availability', 'Availability'],
  [`/dashboard/campaigns/edit/${NETWORK_CAMPAIGN_ID}`, /Edit Campaign/],
  ['/dashboard/alerts', 'Alerts'],
  ['/dashboard/activity', 'Activity'],
  ['/dashboard/team', 'Team'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/reports', 'Reports'],
];

/** The advertiser portal's screens (Brightline) with their English level-1 heading. */
export const ADVERTISER_SCREENS: readonly (readonly [string, string | RegExp])[] = [
  ['/advertiser', 'Your campaigns'],
  [`/advertiser/campaigns/${NETWORK_CAMPAIGN_ID}`, 'Brightline 5G on the street'],
  [`/advertiser/campaigns/${NETWORK_CAMPAIGN_ID}/report`, 'Brightline 5G on the street'],
  ['/advertiser/plays', 'Plays'],
  ['/advertiser/creatives', 'Creatives'],
  ['/advertiser/statements', 'Statements'],
  // This month's printable statement (Brightline's campaign is priced per 1,000 plays).
  [`/advertiser/statements/${new Date().toISOString().slice(0, 7)}`, /^Statement, /],
];

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
