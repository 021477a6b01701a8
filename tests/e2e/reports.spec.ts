// Proof of play end to end: a venue's screen plays its short-slide campaign for about a
// minute and uploads what it played; the admin's Reports page for that day shows the
// campaign with exactly those plays, and both CSV exports hold them.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, signInAs, STACK_URL } from './support.ts';
import {
  changes,
  createPlayerCustomer,
  openSlides,
  PLAYER_SCREEN,
  recordChanges,
  serviceClient,
  type PlayerCustomer,
} from './player-support.ts';
import { allowTest } from './timeouts.ts';

/** The venue's zone (customers.time_zone's default); the admin's browser is put there too, so "today" is the venue's day. */
const VENUE_ZONE = 'America/New_York';
const dayAtVenue = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: VENUE_ZONE });

let customer: PlayerCustomer;

test.beforeAll(async () => {
  customer = await createPlayerCustomer(STACK_URL, { count: 3, seconds: 5 });
});

test.afterAll(async () => {
  await customer?.remove();
});

/** Lines of a downloaded CSV file, without its byte order mark and last line end. */
async function csvLines(path: string): Promise<string[]> {
  const bytes = await readFile(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').replace(/\r\n$/, '').split('\r\n');
}

/** Plays the screen uploaded (ids of record_plays calls the server answered 200). */
function watchUploads(page: Page): string[] {
  const uploaded: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().includes('/rest/v1/rpc/record_plays') || !response.ok()) return;
    const body = request.postDataJSON() as { p_plays: { id: string }[] };
    uploaded.push(...body.p_plays.map((p) => p.id));
  });
  return uploaded;
}

test('what a screen played shows on the Reports page for the day, and in its CSV exports', async ({ browser }) => {
  allowTest(240_000);

  // The screen: plays 5-second slides; its first upload with plays comes about a minute in.
  const screenContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const screen = await screenContext.newPage();
  const uploaded = watchUploads(screen);
  await signInAs(screen, customer);
  await openSlides(screen);
  await expect(screen.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });
  await recordChanges(screen);
  await expect.poll(() => uploaded.length, { timeout: 100_000, intervals: [1000] }).toBeGreaterThan(5);
  // Every finished slide is one play: as many as the switches seen until the upload (one may fall either side of it).
  const switches = (await changes(screen)).length;
  expect(Math.abs(uploaded.length - switches)).toBeLessThanOrEqual(1);
  // The next upload is a minute away: closing now leaves nothing in flight.
  await screenContext.close();

  // What the database holds for the venue: exactly the plays uploaded.
  const sb = serviceClient(STACK_URL);
  const stored = await sb
    .from('plays')
    .select('id, started_at, campaign_id, device_id')
    .eq('customer_id', customer.customerId);
  expect(stored.error).toBeNull();
  expect(stored.data!.map((p) => p.id).sort()).toEqual([...uploaded].sort());
  expect(new Set(stored.data!.map((p) => p.campaign_id))).toEqual(new Set([customer.campaignId]));
  expect(new Set(stored.data!.map((p) => p.device_id))).toEqual(new Set([customer.deviceId]));
  const days = stored.data!.map((p) => dayAtVenue(p.started_at)).sort();
  const from = days[0];
  const to = days.at(-1)!;
  const campaignName = (await sb.from('campaigns').select('name').eq('id', customer.campaignId).single()).data!.name;
  const venueName = (await sb.from('customers').select('name').eq('id', customer.customerId).single()).data!.name;

  // The admin: the Reports page, a custom period of the venue's day, that venue, by campaign.
  const adminContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    timezoneId: VENUE_ZONE,
    acceptDownloads: true,
  });
  const page = await adminContext.newPage();
  await signInAs(page, ADMIN);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await page.getByLabel('Period', { exact: true }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByLabel('Venue', { exact: true }).selectOption({ label: venueName });
  await expect(page).toHaveURL(new RegExp(`period=custom.*from=${from}.*to=${to}.*venue=${customer.customerId}`));

  const table = page.getByRole('table', { name: /^Plays by campaign/ });
  const row = table.getByRole('row', { name: new RegExp(campaignName) });
  await expect(row).toHaveCount(1);
  const cells = row.locator('th, td');
  await expect(cells.nth(0)).toHaveText(campaignName);
  await expect(cells.nth(1)).toHaveText(venueName);
  await expect(cells.nth(2)).toHaveText(String(uploaded.length));
  await expect(cells.nth(4)).toHaveText('1');
  const totals = page.getByLabel('Totals');
  await expect(totals.getByText('Plays', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    String(uploaded.length),
  );
  await expect(page.getByRole('table', { name: 'Plays per day' })).toBeAttached();

  // The table's CSV.
  const tableDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const tableFile = await tableDownload;
  expect(tableFile.suggestedFilename()).toMatch(
    new RegExp(`^plays-by-campaign-${from}-to-${to}-player-test-.+\\.csv$`),
  );
  const tableLines = await csvLines(await tableFile.path());
  expect(tableLines[0]).toBe('Campaign,Venue,Plays,Time on screen,Seconds,Screens');
  expect(tableLines.slice(1)).toHaveLength(1);
  expect(tableLines[1]).toMatch(
    new RegExp(`^${campaignName},${venueName},${uploaded.length},\\d+:\\d{2}:\\d{2},[\\d.]+,1$`),
  );

  // Every raw play, one line each, named.
  const rawDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export plays (CSV)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export plays (CSV)' });
  await expect(dialog.getByText(`${uploaded.length} plays saved to`)).toBeVisible();
  const rawFile = await rawDownload;
  expect(rawFile.suggestedFilename()).toMatch(new RegExp(`^plays-${from}-to-${to}-player-test-.+\\.csv$`));
  const rawLines = await csvLines(await rawFile.path());
  expect(rawLines[0]).toBe(
    'Started (UTC),Local time,Time zone,Venue,Screen,Campaign,Slide,Ad,Advertiser,Seconds,Time on screen,Media,Media hash,Play ID',
  );
  const rows = rawLines.slice(1).map((line) => line.split(','));
  expect(rows.map((r) => r.at(-1)).sort()).toEqual([...uploaded].sort());
  for (const r of rows) {
    expect(r.slice(2, 6)).toEqual([VENUE_ZONE, venueName, PLAYER_SCREEN, campaignName]);
    expect(r[6]).toMatch(/^Slide [123]$/);
    expect(dayAtVenue(r[0])).toBe(r[1].slice(0, 10));
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The last 7 days hold the same plays.
  await page.getByLabel('Period', { exact: true }).selectOption('last-7-days');
  await expect(page).toHaveURL(/period=last-7-days/);
  await expect(cells.nth(2)).toHaveText(String(uploaded.length));
  await page.setViewportSize({ width: 1280, height: 1500 });
  await screenshot(page, 'reports');
  await adminContext.close();

  // The venue's own home: its screens' last 7 days, read with its own login.
  const venueContext = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
  const home = await venueContext.newPage();
  await signInAs(home, customer);
  await home.goto('/home');
  const panel = home.getByRole('heading', { name: 'Your screens, last 7 days' }).locator('xpath=../..');
  const lastWeek = panel.getByLabel('Last 7 days');
  await expect(lastWeek.getByText('Plays', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    String(uploaded.length),
  );
  await expect(panel.getByRole('list', { name: 'Top campaigns' }).getByRole('listitem')).toHaveText([
    new RegExp(`^${campaignName}${uploaded.length} plays · `),
  ]);
  await venueContext.close();
});
