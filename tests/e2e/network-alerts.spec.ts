// Offline alerts end to end: the admin chooses who is told in Settings; a playing screen
// goes dark, the database's screen-checks job (pg_cron, every minute) raises an alert that
// appears on the dashboard without a refresh and e-mails the admin with a link to the screen;
// the screen comes back, and the alert resolves with a back-online alert and e-mail.
import { expect, test } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, mail, signInAs, STACK_URL } from './support.ts';
import { createPlayerCustomer, openSlides, serviceClient, type PlayerCustomer } from './player-support.ts';
import { allowTest } from './timeouts.ts';

let venue: PlayerCustomer;

/** The admin's latest e-mail since `after` whose text says `text` (waits up to 90 s). */
async function mailAbout(text: string, after: number) {
  await expect
    .poll(
      async () => (await mail.all()).some((m) => m.text.includes(text) && new Date(m.time).getTime() >= after - 1000),
      {
        timeout: 90_000,
      },
    )
    .toBe(true);
  const found = (await mail.all()).filter((m) => m.text.includes(text));
  expect(found.at(-1)!.to.map((t) => t.address)).toContain(ADMIN.email);
  return found.at(-1)!;
}

test.beforeAll(async () => {
  venue = await createPlayerCustomer(STACK_URL, { count: 2, seconds: 10 });
});

test.afterAll(async () => {
  await serviceClient(STACK_URL).from('system_alerts').delete().eq('device_id', venue?.deviceId);
  await venue?.remove();
});

test('a screen that goes dark raises an alert on the dashboard and in the inbox, and resolves when it is back', async ({
  browser,
}) => {
  allowTest(300_000);
  const sb = serviceClient(STACK_URL);
  const { data: place } = await sb.from('customers').select('name').eq('id', venue.customerId).single();
  const where = `Lobby at ${place!.name}`;

  // The admin asks to be e-mailed (the form records where the portal is).
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAs(admin, ADMIN);
  await admin.goto('/dashboard/settings');
  const minutes = admin.getByLabel('Alert after (minutes without a heartbeat)');
  await expect(minutes).toHaveValue(/\d+/);
  await minutes.fill('2');
  await admin.getByRole('form', { name: 'Offline alerts' }).getByRole('button', { name: /^Save/ }).click();
  await expect(admin.getByText('At least 3 minutes (screens report every minute)')).toBeVisible();
  await minutes.fill('5');
  const email = admin.getByRole('switch', { name: 'E-mail alerts' });
  if ((await email.getAttribute('aria-checked')) !== 'true') await email.click();
  const me = admin.getByRole('checkbox', { name: ADMIN.email });
  if (!(await me.isChecked())) await me.check();
  // E-mails link to the portal where this admin works (the seed's is npm start's).
  await admin.getByLabel('Portal address').fill(new URL(admin.url()).origin);
  await admin.getByRole('form', { name: 'Offline alerts' }).getByRole('button', { name: /^Save/ }).click();
  await expect(admin.getByText('Alert settings saved').first()).toBeVisible();
  await screenshot(admin, 'settings');

  // The venue's screen plays and reports in.
  const kioskContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const kiosk = await kioskContext.newPage();
  await signInAs(kiosk, venue);
  await openSlides(kiosk);
  await expect(kiosk.getByTestId('slide-counter')).toHaveText(/1 \/ 2/, { timeout: 20_000 });
  await expect
    .poll(
      async () =>
        (await sb.from('equipment_status').select('last_heartbeat').eq('id', venue.deviceId).single()).data
          ?.last_heartbeat,
      {
        timeout: 30_000,
      },
    )
    .not.toBeNull();

  // It goes dark: the browser closes, and its last heartbeat ages past the threshold (the
  // ten minutes are set back in the database rather than waited for).
  await kioskContext.close();
  const silentSince = new Date(Date.now() - 10 * 60_000).toISOString();
  expect(
    (await sb.from('equipment_status').update({ last_heartbeat: silentSince }).eq('id', venue.deviceId)).error,
  ).toBeNull();
  const darkAt = Date.now();

  await admin.goto('/dashboard');
  const alerts = admin.getByRole('list', { name: 'System alerts' });
  const offline = alerts.getByRole('listitem', { name: `${where} is offline: no heartbeat for 10 minutes.` });
  // The job runs every minute; the dashboard hears of its alert through Realtime.
  await expect(offline).toBeVisible({ timeout: 90_000 });
  await expect(offline).toContainText('Medium');
  await expect(admin.getByRole('link', { name: /^Notifications: \d+ unresolved alerts?$/ })).toBeVisible();
  await screenshot(admin, 'dashboard-offline-alert');

  // One e-mail per run of the job: it may list other screens that went quiet with this one.
  const message = await mailAbout(`${where} is offline: no heartbeat for 10 minutes.`, darkAt);
  expect(message.subject).toMatch(new RegExp(`^(Offline: ${where}|Screen alerts: \\d+ screens? offline.*)$`));
  const link = new RegExp(`https?://\\S+/dashboard/equipment\\?device=${venue.deviceId}`).exec(message.text)?.[0];
  expect(link).toBeTruthy();

  // The link opens the screen's details.
  await admin.goto(link!);
  const details = admin.getByRole('dialog', { name: 'Lobby' });
  await expect(details).toBeVisible();
  await expect(details).toContainText('Offline');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(admin).toHaveURL(/\/dashboard\/equipment$/);

  // The screen comes back.
  const back = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const kiosk2 = await back.newPage();
  await signInAs(kiosk2, venue);
  await openSlides(kiosk2);
  await expect(kiosk2.getByTestId('slide-counter')).toHaveText(/\d \/ 2/, { timeout: 20_000 });
  const backAt = Date.now();

  // The job raises "back online" resolved at once (nothing to do): the dashboard lists only
  // what needs doing, and the alerts centre shows it among the resolved ones.
  await expect
    .poll(
      async () =>
        (
          await sb
            .from('system_alerts')
            .select('id')
            .eq('device_id', venue.deviceId)
            .eq('alert_type', 'back_online')
        ).data?.length,
      { timeout: 90_000 },
    )
    .toBe(1);
  await admin.goto(`/dashboard/alerts?state=resolved&q=${encodeURIComponent(place!.name)}`);
  const backOnline = admin.getByRole('list', { name: 'Alerts' }).getByRole('listitem', {
    name: new RegExp(`^${where} is back online after 1\\d minutes offline\\.$`),
  });
  await expect(backOnline).toBeVisible();
  await expect(backOnline).toContainText('Resolved');
  // The offline alert is resolved with it.
  await expect
    .poll(async () => {
      const { data } = await sb
        .from('system_alerts')
        .select('resolved')
        .eq('device_id', venue.deviceId)
        .eq('alert_type', 'offline');
      return data?.map((a) => a.resolved);
    })
    .toEqual([true]);
  const backMail = await mailAbout(`${where} is back online after`, backAt);
  expect(backMail.subject).toMatch(/^(Back online: |Screen alerts: .*back online)/);

  await back.close();
  await adminContext.close();
});
