// The advertiser's portal end to end: an admin invites an advertiser's contact, who opens
// the e-mailed link, lands on their portal, sees their campaign's plays, downloads the
// proof-of-play CSV and prints the proof-of-performance report (no navigation in print).
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { verifyLink } from 'supabase-local/testing';
import { serviceClient } from './player-support.ts';
import { ADMIN, mail, signInAs, STACK_URL } from './support.ts';
import { allowTest } from './timeouts.ts';

const service = () => serviceClient(STACK_URL);
/** Harbor Books and its screen (seeded): where the new advertiser's plays ran. */
const HARBOR = 'c0000000-0000-4000-8000-000000000003';
const HARBOR_SCREEN = 'e0000000-0000-4000-8000-000000000005';

test.use({ viewport: { width: 1280, height: 800 } });

test('an invited advertiser signs in by link, sees its plays, downloads them and prints the report', async ({
  page,
  browser,
}) => {
  allowTest(40_000);
  const stamp = Date.now();
  const email = `portal-${stamp}@example.com`;
  const business = `Portal Co ${stamp}`;
  const campaignName = `Portal Spring ${stamp}`;
  let advertiserId = '';
  let campaignId = '';
  try {
    // An advertiser with a network campaign that played three times an hour ago (stored as
    // record_plays stores plays: with the names they were shown under).
    const { data: adv } = await service()
      .from('advertisers')
      .insert({ advertiser_name: 'Pat Portal', business_name: business, email })
      .select('id')
      .single();
    advertiserId = adv!.id;
    const { data: campaign } = await service()
      .from('campaigns')
      .insert({ name: campaignName, advertiser_id: advertiserId, plays_on: 'targets', status: 'active' })
      .select('id')
      .single();
    campaignId = campaign!.id;
    const started = [60, 62, 64].map((m) => new Date(stamp - m * 60_000).toISOString());
    const { error: playsError } = await service()
      .from('plays')
      .insert(
        started.map((at) => ({
          id: crypto.randomUUID(),
          started_at: at,
          seconds: 10,
          device_id: HARBOR_SCREEN,
          customer_id: HARBOR,
          campaign_id: campaignId,
          advertiser_id: advertiserId,
          // The names it was shown under, as record_plays keeps them.
          campaign_name: campaignName,
          advertiser_name: business,
          venue_name: 'Harbor Books',
          screen_name: 'Harbor Books, window',
        })),
      );
    expect(playsError).toBeNull();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(started[0]));
    const { error: dayError } = await service().from('play_days').insert({
      day,
      device_id: HARBOR_SCREEN,
      customer_id: HARBOR,
      campaign_id: campaignId,
      advertiser_id: advertiserId,
      plays: 3,
      seconds: 30,
    });
    expect(dayError).toBeNull();

    // The admin invites the advertiser's contact.
    await signInAs(page, ADMIN);
    await page.goto(`/dashboard/advertisers/view/${advertiserId}`);
    await page.getByRole('button', { name: 'Invite to the portal' }).click();
    const asked = Date.now();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`A sign-in link is on its way to ${email}.`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Portal login: ${email}`)).toBeVisible();

    // The advertiser opens the e-mailed link and lands on their portal.
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
    const portal = await context.newPage();
    await portal.goto(verifyLink(await mail.latest(email, { after: asked, timeoutMs: 15_000 })));
    await expect(portal).toHaveURL(/\/advertiser$/, { timeout: 15_000 });
    await expect(portal.getByRole('heading', { name: 'Your campaigns' })).toBeVisible();
    await portal.getByRole('link', { name: campaignName }).click();
    await expect(portal.getByRole('heading', { name: campaignName, level: 1 })).toBeVisible();
    const totals = portal.getByLabel('Totals of the period');
    await expect(totals.getByText('Plays', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('3');
    await expect(portal.getByRole('table', { name: 'Venues' })).toContainText('Harbor Books');

    // The proof-of-play CSV: the three plays, named.
    await portal.getByRole('link', { name: 'Plays', exact: true }).click();
    const download = portal.waitForEvent('download');
    await portal.getByRole('button', { name: 'Download plays (CSV)' }).click();
    const file = await download;
    const lines = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((l) => l.includes(campaignName) && l.includes('Harbor Books'))).toBe(true);

    // The printable report: in print, the report without the portal's navigation or controls.
    await portal.goBack();
    await portal.getByRole('link', { name: 'Proof-of-performance report' }).click();
    await expect(portal.getByRole('heading', { name: campaignName, level: 1 })).toBeVisible();
    await portal.emulateMedia({ media: 'print' });
    await expect(portal.getByText('Proof of performance', { exact: true })).toBeVisible();
    await expect(portal.getByRole('table', { name: 'Venues' })).toContainText('9 Water St, Boston, MA');
    await expect(portal.getByRole('navigation', { name: 'Portal' })).toBeHidden();
    await expect(portal.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await context.close();
  } finally {
    if (campaignId) {
      await service().from('play_days').delete().eq('campaign_id', campaignId);
      await service().from('plays').delete().eq('campaign_id', campaignId);
      await service().from('campaigns').delete().eq('id', campaignId);
    }
    if (advertiserId) {
      const { data } = await service().from('advertisers').select('user_id').eq('id', advertiserId).single();
      await service().from('advertisers').delete().eq('id', advertiserId);
      if (data?.user_id) await service().auth.admin.deleteUser(data.user_id);
    }
  }
});
