// Layout at a laptop's, a tablet's and a phone's width: long names and titles stay inside
// their cards and rows (cut with an ellipsis, whole on hover), nothing pushes the page sideways,
// and the screenshots of the admin lists, the builder and /home at 1440, 1024 and 390 px.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { serviceClient } from './player-support.ts';
import { screenshot } from './screenshot.ts';
import { ADMIN, CAFE, STACK_URL, signInAs } from './support.ts';
import { allowTest } from './timeouts.ts';

const WIDTHS = [1024, 820, 390] as const;
/** One long unbroken word, as people paste them (an address, a product code). */
const LONG_WORD = `Supercalifragilisticexpialidocious${'Ristorante'.repeat(8)}`;

interface Fixture {
  customerName: string;
  advertiserName: string;
  campaignId: string;
  slideTitle: string;
  remove: () => Promise<void>;
}

async function createFixture(): Promise<Fixture> {
  const sb = serviceClient(STACK_URL);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const customerName = `${LONG_WORD}${stamp}`;
  const customer = await sb
    .from('customers')
    .insert({
      name: customerName,
      username: `layout${stamp}`,
      email: `layout-${stamp}@example.com`,
      location: LONG_WORD,
    })
    .select('id')
    .single();
  if (customer.error) throw new Error(`customer: ${customer.error.message}`);
  const advertiserName = `${LONG_WORD}Advertising${stamp}`;
  const advertiser = await sb
    .from('advertisers')
    .insert({ business_name: advertiserName, advertiser_name: LONG_WORD, email: `adv-${stamp}@example.com` })
    .select('id')
    .single();
  if (advertiser.error) throw new Error(`advertiser: ${advertiser.error.message}`);
  const campaign = await sb
    .from('campaigns')
    .insert({ name: `Layout ${stamp} ${LONG_WORD}`, customer_id: customer.data.id, status: 'active' })
    .select('id')
    .single();
  if (campaign.error) throw new Error(`campaign: ${campaign.error.message}`);
  // As long a title as a slide may have (80 characters), in one unbroken word.
  const slideTitle = `${LONG_WORD}${LONG_WORD}`.slice(0, 80 - stamp.length) + stamp;
  // One shape for every row: a multi-row insert sends the union of their keys.
  const slide = (display_order: number, title: string, slide_type = 'advertisement', settings = {}) => ({
    campaign_id: campaign.data.id,
    title,
    slide_type,
    content_type: slide_type === 'weather' ? 'dynamic' : 'static',
    settings,
    display_order,
    duration: 10,
  });
  const slides = await sb
    .from('campaign_items')
    .insert([slide(1, slideTitle), slide(2, 'Second slide'), slide(3, 'Weather', 'weather', { location: 'Chicago' })]);
  if (slides.error) throw new Error(`slides: ${slides.error.message}`);
  return {
    customerName,
    advertiserName,
    campaignId: campaign.data.id,
    slideTitle,
    remove: async () => {
      await sb.from('customers').delete().eq('id', customer.data.id);
      await sb.from('advertisers').delete().eq('id', advertiser.data.id);
    },
  };
}

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate<{ window: number; document: number; main: number }>(`(() => {
    const main = document.querySelector('main');
    return {
      window: window.innerWidth,
      document: document.documentElement.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  })()`);
  expect(widths.document, 'page wider than the window').toBeLessThanOrEqual(widths.window);
  expect(widths.main, 'content area scrolls sideways').toBeLessThanOrEqual(0);
}

/** `inner` lies wholly inside `outer` and inside the window. */
async function expectInside(inner: Locator, outer: Locator, page: Page) {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  const viewport = page.viewportSize();
  expect(a && b && viewport).toBeTruthy();
  if (!a || !b || !viewport) return;
  expect(a.x).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
  expect(a.x + a.width).toBeLessThanOrEqual(viewport.width);
}

test.describe('long text', () => {
  let fixture: Fixture;
  test.beforeAll(async () => {
    fixture = await createFixture();
  });
  test.afterAll(async () => {
    await fixture.remove();
  });

  for (const width of WIDTHS) {
    test(`long names stay in their cards at ${width} px, cut with the whole name on hover`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, ADMIN);

      await page.goto(`/dashboard/customers?q=${encodeURIComponent(fixture.customerName)}`);
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: fixture.customerName }) });
      await expect(card).toBeVisible();
      const heading = card.getByRole('heading', { name: fixture.customerName });
      await expect(heading).toHaveAttribute('title', fixture.customerName);
      await expectInside(card.getByText('Active', { exact: true }), card, page);
      await expectInside(card.getByRole('button', { name: /^Delete / }), card, page);
      await expectInside(heading, card, page);
      await expectNoSidewaysScroll(page);

      await page.goto(`/dashboard/advertisers?q=${encodeURIComponent(fixture.advertiserName)}`);
      const advertiser = page.getByRole('article', { name: fixture.advertiserName });
      await expect(advertiser).toBeVisible();
      await expectInside(advertiser.getByText('Active', { exact: true }), advertiser, page);
      await expectInside(advertiser.getByRole('button', { name: /^Deactivate / }), advertiser, page);
      await expectNoSidewaysScroll(page);
    });

    test(`a long slide title keeps the builder's rows and panels on screen at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, ADMIN);
      await page.goto(`/dashboard/campaigns/builder/${fixture.campaignId}`);
      const row = page.getByTestId('slide-row').first();
      await expect(row).toBeVisible();
      await expect(row.getByTestId('slide-title')).toHaveAttribute('title', fixture.slideTitle);
      const rowBox = await row.boundingBox();
      expect(rowBox && rowBox.width).toBeLessThanOrEqual(width);
      for (const action of ['Preview', 'Duplicate', 'Edit', 'Delete']) {
        await expectInside(row.getByRole('button', { name: new RegExp(`^${action} `) }), row, page);
      }
      for (const panel of ['Live Preview', 'Campaign Stats']) {
        const box = await page.getByRole('heading', { name: panel }).boundingBox();
        expect(box && box.x + box.width, `${panel} panel on screen`).toBeLessThanOrEqual(width);
      }
      await expectNoSidewaysScroll(page);

      // The weather preview shows its whole forecast row, and the sample-data note sits under it.
      await page.getByRole('button', { name: 'Preview Weather' }).click();
      const weather = page.getByRole('region', { name: 'Weather' });
      const forecast = weather.getByRole('region', { name: '5-Day Forecast' });
      await expect(forecast).toBeVisible();
      const note = page.getByRole('status').filter({ hasText: 'Showing sample data' });
      await expect(note).toBeVisible();
      const [w, f, n] = await Promise.all([weather.boundingBox(), forecast.boundingBox(), note.boundingBox()]);
      expect(w && f && n).toBeTruthy();
      if (!w || !f || !n) return;
      expect(f.y + f.height, 'forecast row cut off').toBeLessThanOrEqual(w.y + w.height + 0.5);
      expect(n.y, 'note over the forecast').toBeGreaterThanOrEqual(f.y + f.height - 0.5);
    });
  }
});

/** The seeded cafe's campaign, for the builder's screenshots. */
const SEEDED_CAMPAIGN = 'ca000000-0000-4000-8000-000000000001';

// After the long-text fixture is gone: the screenshots show the seeded data only.
test('screenshots of the admin lists, the builder and /home at 1440, 1024 and 390 px', async ({ page, browser }) => {
  allowTest(120_000);
  await signInAs(page, ADMIN);
  const venue = await browser.newPage();
  await signInAs(venue, CAFE);
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name, ready] of [
      ['/dashboard/customers', 'customers-list', 'Corner Cafe'],
      ['/dashboard/advertisers', 'advertisers-list', 'Total spent:'],
      ['/dashboard/campaigns', 'campaigns-list', 'Corner Cafe'],
      ['/dashboard/equipment', 'equipment', 'Check Status'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `${name}-${width}`);
    }
    await page.goto(`/dashboard/campaigns/builder/${SEEDED_CAMPAIGN}`);
    await expect(page.getByTestId('slide-row').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, `slide-builder-${width}`);

    await venue.setViewportSize({ width, height: 900 });
    await venue.goto('/home');
    await expect(venue.getByRole('heading', { name: 'Welcome, Corner Cafe' })).toBeVisible();
    await expectNoSidewaysScroll(venue);
    await screenshot(venue, `customer-home-${width}`);
  }
  await venue.close();
});
