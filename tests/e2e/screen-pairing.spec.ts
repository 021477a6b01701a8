// A wall screen paired with a code: it shows a code on /screen, an admin enters it (through
// the QR code's link, then through Add screen), the screen plays its venue's campaign on
// a login of its own; revoked, it shows a new code; paired again, it plays again.
import { expect, test, type Page } from '@playwright/test';
import { serviceClient } from './player-support.ts';
import { ADMIN, signInAs, STACK_URL } from './support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const service = () => serviceClient(STACK_URL);

/** The code a screen shows, as it is typed (no space). */
async function shownCode(screen: Page): Promise<string> {
  const code = screen.getByTestId('pairing-code');
  await expect(code).toHaveText(/^[A-HJ-NP-Z2-9]{3} [A-HJ-NP-Z2-9]{3}$/, { timeout: 15_000 });
  return (await code.textContent())!.replace(/\s/g, '');
}

test('a screen is paired with its code, plays its venue’s campaign, is revoked and paired again', async ({
  page,
  browser,
}) => {
  allowTest(150_000);
  const name = `Front window ${Date.now()}`;
  const { data: cafe } = await service().from('customers').select('id').eq('email', 'cafe@example.com').single();
  const screenContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const screen = await screenContext.newPage();

  try {
    // A new browser on /screen shows a code and a QR code, and no error or sign-in.
    await screen.goto('/screen');
    const first = await shownCode(screen);
    await expect(screen.getByRole('img', { name: /QR code/ })).toBeVisible();
    await screen.reload();
    expect(await shownCode(screen)).toBe(first);

    // The admin follows the QR code's link: Add screen opens with the code filled in.
    await signInAs(page, ADMIN);
    await page.goto(`/dashboard/equipment?pair=${first}`);
    const dialog = page.getByRole('dialog', { name: 'Add screen' });
    await expect(dialog.getByLabel('Pairing code')).toHaveValue(first);
    // A wrong code is marked at its field and nothing typed is lost.
    await dialog.getByLabel('Pairing code').fill('ZZZ 222');
    await dialog.getByLabel('Venue').selectOption(cafe!.id);
    await dialog.getByLabel('Screen name').fill(name);
    await dialog.getByRole('button', { name: 'Pair screen' }).click();
    await expect(dialog.getByText('This pairing code is not valid or has expired.')).toBeVisible();
    await expect(dialog.getByLabel('Screen name')).toHaveValue(name);
    await dialog.getByLabel('Pairing code').fill(first.toLowerCase());
    await dialog.getByRole('button', { name: 'Pair screen' }).click();
    await expect(page.getByText(`${name} paired`, { exact: true })).toBeVisible();

    // The screen plays on its own, with no sign-out control (it is not a person's login).
    await expect(screen.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });
    await expect(screen.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    const { data: device } = await service()
      .from('equipment_status')
      .select('id, customer_id, screen_user_id, orientation')
      .eq('device_name', name)
      .single();
    expect(device).toMatchObject({ customer_id: cafe!.id, orientation: 'landscape' });
    expect(device!.screen_user_id).toBeTruthy();

    // Revoked from its card, the screen goes back to a new code.
    await page.getByLabel('Search devices').fill(name);
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(`${name} revoked`, { exact: true })).toBeVisible();
    const second = await shownCode(screen);
    expect(second).not.toBe(first);

    // Paired again through Add screen, it plays again.
    await page.getByRole('button', { name: 'Add screen' }).click();
    await dialog.getByLabel('Pairing code').fill(second);
    await dialog.getByLabel('Venue').selectOption(cafe!.id);
    await dialog.getByLabel('Screen name').fill(`${name} again`);
    await dialog.getByLabel('Orientation').selectOption('portrait');
    await dialog.getByRole('button', { name: 'Pair screen' }).click();
    await expect(page.getByText(`${name} again paired`, { exact: true })).toBeVisible();
    await expect(screen.getByTestId('slide-counter')).toBeVisible({ timeout: 20_000 });
  } finally {
    await screenContext.close();
    const { data: devices } = await service()
      .from('equipment_status')
      .select('id, screen_user_id')
      .like('device_name', `${name}%`);
    for (const d of devices ?? []) {
      await service().from('equipment_status').delete().eq('id', d.id);
      if (d.screen_user_id) await service().auth.admin.deleteUser(d.screen_user_id);
    }
  }
});
