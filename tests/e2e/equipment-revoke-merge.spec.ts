// Screens whose status tells the truth, on the Equipment page: a playing screen an admin
// revokes reads "Revoked" at once while the wall goes back to a pairing code; a silent
// device merged into a dark one leaves the dark one offline, with no "back online".
import { expect, test, type Page } from '@playwright/test';
import { nodeClient, serviceClient } from './player-support.ts';
import { ADMIN, ANON_KEY, signInAs, STACK_URL } from './support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const service = () => serviceClient(STACK_URL);

/** The code a screen shows, as it is typed (no space). */
async function shownCode(screen: Page): Promise<string> {
  const code = screen.getByTestId('pairing-code');
  await expect(code).toHaveText(/^[A-HJ-NP-Z2-9]{3} [A-HJ-NP-Z2-9]{3}$/, { timeout: 15_000 });
  return (await code.textContent())!.replace(/\s/g, '');
}

async function cafeId(): Promise<string> {
  const { data, error } = await service().from('customers').select('id').eq('email', 'cafe@example.com').single();
  expect(error).toBeNull();
  return data!.id;
}

test('a playing screen an admin revokes says Revoked at once, while the wall shows its pairing code', async ({
  page,
  browser,
}) => {
  allowTest(120_000);
  const name = `Revoke me ${Date.now()}`;
  const screenContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const screen = await screenContext.newPage();
  try {
    // The screen is paired (as Add screen does it) and plays the cafe's campaign.
    await screen.goto('/screen');
    const code = await shownCode(screen);
    const admin = nodeClient(STACK_URL, ANON_KEY);
    expect((await admin.auth.signInWithPassword(ADMIN)).error).toBeNull();
    const paired = await admin.rpc('pair_screen', { p_code: code, p_customer_id: await cafeId(), p_device_name: name });
    expect(paired.error).toBeNull();
    await expect(screen.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });

    await signInAs(page, ADMIN);
    await page.goto('/dashboard/equipment');
    await page.getByLabel('Search devices').fill(name);
    const card = page.getByRole('article', { name });
    // Its first heartbeat says what it plays.
    await expect(card.getByText('Online', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('Cafe Daily Specials');

    await card.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(`${name} revoked`, { exact: true })).toBeVisible();
    // At once: no waiting out three minutes of silence.
    await expect(card.getByText('Revoked', { exact: true })).toBeVisible({ timeout: 2_000 });
    await expect(card).not.toContainText('Online');
    await expect(card).not.toContainText('Cafe Daily Specials');
    await expect(card).toContainText('Nothing: revoked');
    const second = await shownCode(screen);
    expect(second).not.toBe(code);

    // What the page says is what the database holds, and stays so while the wall waits.
    await screen.waitForTimeout(2_000);
    await page.reload();
    await page.getByLabel('Search devices').fill(name);
    await expect(card.getByText('Revoked', { exact: true })).toBeVisible();
    await expect(card).toContainText(/Revoked (just now|\d+ min ago): off the air until it is paired again\./);
    const { data: row } = await service()
      .from('equipment_status')
      .select('status, revoked_at, screen_user_id, current_campaign_id')
      .eq('id', paired.data!)
      .single();
    expect(row).toMatchObject({ status: 'offline', screen_user_id: null, current_campaign_id: null });
    expect(row!.revoked_at).not.toBeNull();
    await expect(screen.getByTestId('pairing-code')).toBeVisible();
  } finally {
    await screenContext.close();
    await service().from('equipment_status').delete().like('device_name', `${name}%`);
  }
});

test('a silent device merged into a dark one leaves the dark one offline, with no "back online"', async ({ page }) => {
  const tag = `${Date.now()}`;
  const darkName = `Dark window ${tag}`;
  const ghostName = `Screen ${tag}`;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const venue = await cafeId();
  const insert = async (row: Record<string, unknown>) => {
    const { data, error } = await service()
      .from('equipment_status')
      .insert({ customer_id: venue, status: 'online', device_name: '', ...row })
      .select('id')
      .single();
    expect(error).toBeNull();
    return data!.id;
  };
  // The dark one's kiosk last reported two hours ago; a ghost a browser made, two minutes ago.
  const dark = await insert({ device_name: darkName, last_heartbeat: minutesAgo(120) });
  const ghost = await insert({ device_name: ghostName, last_heartbeat: minutesAgo(2), app_version: 'ghost' });
  try {
    expect((await service().rpc('run_screen_checks')).error).toBeNull();
    const { data: raised } = await service().from('system_alerts').select('id, resolved').eq('device_id', dark);
    expect(raised).toEqual([{ id: expect.any(String), resolved: false }]);

    await signInAs(page, ADMIN);
    await page.goto('/dashboard/equipment');
    await page.getByLabel('Search devices').fill(tag);
    const darkCard = page.getByRole('article', { name: darkName });
    const ghostCard = page.getByRole('article', { name: ghostName });
    await expect(darkCard.getByText('Offline', { exact: true })).toBeVisible();
    await expect(ghostCard.getByText('Online', { exact: true })).toBeVisible();

    await ghostCard.getByRole('button', { name: `Merge ${ghostName} into another device` }).click();
    const dialog = page.getByRole('dialog', { name: `Merge ${ghostName} into another device` });
    await dialog.getByLabel('Merge into').selectOption({ label: darkName });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByText(`${ghostName} merged into ${darkName}`, { exact: true })).toBeVisible();
    await expect(ghostCard).toHaveCount(0);

    await expect(darkCard.getByText('Offline', { exact: true })).toBeVisible();
    await expect(darkCard).toContainText(/No heartbeat for 2 h/);
    await expect(darkCard).not.toContainText('Online');

    // The screen-checks job finds nothing come back: the dark one's alert stays open.
    expect((await service().rpc('run_screen_checks')).error).toBeNull();
    const { data: alerts } = await service()
      .from('system_alerts')
      .select('id, alert_type, resolved')
      .eq('device_id', dark);
    expect(alerts).toEqual([{ id: raised![0].id, alert_type: 'offline', resolved: false }]);
    await page.reload();
    await page.getByLabel('Search devices').fill(tag);
    await expect(darkCard.getByText('Offline', { exact: true })).toBeVisible();
  } finally {
    await service().from('system_alerts').delete().in('device_id', [dark, ghost]);
    await service().from('equipment_status').delete().in('id', [dark, ghost]);
  }
});
