// Remote commands on a playing screen, from Equipment: a screenshot asked for shows on the
// card within 5 s; identify shows the screen's name and venue on the wall; a reload comes back
// playing.
import { expect, test, type Page } from '@playwright/test';
import { nodeClient, serviceClient } from './player-support.ts';
import { ADMIN, ANON_KEY, signInAs, STACK_URL } from './support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const service = () => serviceClient(STACK_URL);

async function shownCode(screen: Page): Promise<string> {
  const code = screen.getByTestId('pairing-code');
  await expect(code).toHaveText(/^[A-HJ-NP-Z2-9]{3} [A-HJ-NP-Z2-9]{3}$/, { timeout: 15_000 });
  return (await code.textContent())!.replace(/\s/g, '');
}

test('a playing screen takes a screenshot, identifies itself and reloads, as asked on Equipment', async ({
  page,
  browser,
}) => {
  allowTest(60_000);
  const name = `Commands ${Date.now()}`;
  const screenContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const screen = await screenContext.newPage();
  try {
    await screen.goto('/screen');
    const code = await shownCode(screen);
    const admin = nodeClient(STACK_URL, ANON_KEY);
    expect((await admin.auth.signInWithPassword(ADMIN)).error).toBeNull();
    const { data: cafe } = await service().from('customers').select('id').eq('email', 'cafe@example.com').single();
    const paired = await admin.rpc('pair_screen', { p_code: code, p_customer_id: cafe!.id, p_device_name: name });
    expect(paired.error).toBeNull();
    await expect(screen.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });

    await signInAs(page, ADMIN);
    await page.goto('/dashboard/equipment');
    await page.getByLabel('Search devices').fill(name);
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Online', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText('No commands sent yet.')).toBeVisible();

    // Screenshot: on the card within 5 s, its picture a JPEG the browser decodes.
    await card.getByRole('button', { name: `Commands for ${name}` }).click();
    await page.getByRole('menuitem', { name: /Screenshot/ }).click();
    const shot = card.getByRole('img', { name: `Screenshot of ${name}` });
    await expect(shot).toBeVisible({ timeout: 5_000 });
    const thumbnail = card.getByRole('button', { name: `Enlarge the screenshot of ${name}` });
    await expect(thumbnail).toContainText(/Screenshot · (just now|1 min ago)/);
    await expect(card.getByTestId('last-command')).toContainText('Done');
    await expect
      .poll(() => shot.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await thumbnail.click();
    const large = page.getByRole('dialog', { name: `Screenshot of ${name}` });
    await expect(large.getByRole('img', { name: `Screenshot of ${name}, large` })).toBeVisible();
    await page.keyboard.press('Escape');

    // Identify: the wall shows its name and venue over the slide.
    await card.getByRole('button', { name: `Commands for ${name}` }).click();
    await page.getByRole('menuitem', { name: /Identify/ }).click();
    const overlay = screen.getByRole('status', { name: 'Screen identity' });
    await expect(overlay).toContainText(name, { timeout: 5_000 });
    await expect(overlay).toContainText('Corner Cafe');
    await expect(screen.getByTestId('player')).toBeVisible();

    // Reload: the page goes and comes back playing.
    const reloaded = screen.waitForEvent('load', { timeout: 10_000 });
    await card.getByRole('button', { name: `Commands for ${name}` }).click();
    await page.getByRole('menuitem', { name: /Reload/ }).click();
    await reloaded;
    await expect(screen.getByTestId('slide-counter')).toBeVisible({ timeout: 15_000 });
    await expect(card.getByTestId('last-command')).toContainText(/Reload/);
    await expect(card.getByTestId('last-command')).toContainText('Done');
  } finally {
    await screenContext.close();
    const { data: devices } = await service().from('equipment_status').select('id').like('device_name', `${name}%`);
    const ids = (devices ?? []).map((d) => d.id);
    if (ids.length) {
      const { data: files } = await service().storage.from('screenshots').list(ids[0]);
      if (files?.length)
        await service()
          .storage.from('screenshots')
          .remove(files.map((f) => `${ids[0]}/${f.name}`));
      await service().from('system_alerts').delete().in('device_id', ids);
      await service().from('equipment_status').delete().in('id', ids);
    }
  }
});
