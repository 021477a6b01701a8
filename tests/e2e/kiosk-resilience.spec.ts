// A wall screen never goes off air by itself and never shows error text: it starts while the
// database API answers 503 and plays once it recovers, with no tap; its venue's e-mail
// changes while it plays and it plays on; with the dynamic-content function out of reach its
// dynamic slides are skipped, never shown with samples. Each screen is paired with a code, as an operator pairs one.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  changes,
  createPlayerCustomer,
  nodeClient,
  recordChanges,
  serviceClient,
  waitForChanges,
  type PlayerCustomer,
} from './player-support.ts';
import { ADMIN, ANON_KEY, signInAs, STACK_URL } from './support.ts';
import { allowTest } from './timeouts.ts';

test.use({ viewport: { width: 1280, height: 720 } });

/** Words a wall screen must never show: the public reads it. */
const ERROR_TEXT =
  /error|failed|could not|couldn.t|try again|sample data|fallback|edge function|not found|unavailable/i;

const customers: PlayerCustomer[] = [];

test.afterAll(async () => {
  for (const customer of customers) await customer.remove();
});

async function newCustomer(options?: Parameters<typeof createPlayerCustomer>[1]) {
  const customer = await createPlayerCustomer(STACK_URL, options);
  customers.push(customer);
  return customer;
}

async function adminClient() {
  const client = nodeClient(STACK_URL, ANON_KEY);
  const { error } = await client.auth.signInWithPassword(ADMIN);
  if (error) throw new Error(`admin sign-in: ${error.message}`);
  return client;
}

/** Opens /screen in `context`, and pairs the code it shows to `customer` as an admin does. */
async function pairScreen(context: BrowserContext, customer: PlayerCustomer, name: string): Promise<Page> {
  const screen = await context.newPage();
  await screen.goto('/screen');
  const code = screen.getByTestId('pairing-code');
  await expect(code).toHaveText(/^[A-HJ-NP-Z2-9]{3} [A-HJ-NP-Z2-9]{3}$/, { timeout: 15_000 });
  const admin = await adminClient();
  const { error } = await admin.rpc('pair_screen', {
    p_code: (await code.textContent())!.replace(/\s/g, ''),
    p_customer_id: customer.customerId,
    p_device_name: name,
  });
  expect(error).toBeNull();
  return screen;
}

/** What the screen shows now, as text. */
const shownText = (page: Page) => page.evaluate<string>('document.body.innerText');

/** Watches the screen's text every half second until `until` resolves; returns every error-like text seen. */
async function watchForErrorText(page: Page, until: Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const text = await shownText(page).catch(() => '');
    if (ERROR_TEXT.test(text)) seen.push(text);
    await page.waitForTimeout(500);
  }
  return seen;
}

async function screenContext(browser: Browser) {
  return browser.newContext({ viewport: { width: 1280, height: 720 } });
}

test('a screen starting while the database API answers 503 for 20 s shows no error and plays within 15 s of recovery, untouched', async ({
  browser,
}) => {
  allowTest(120_000);
  const customer = await newCustomer({ count: 2, seconds: 5 });
  const context = await screenContext(browser);
  try {
    // From the screen's first call to the database API, 20 s of 503.
    let recoversAt = 0;
    await context.route('**/rest/v1/**', async (route) => {
      if (!recoversAt) recoversAt = Date.now() + 20_000;
      if (Date.now() < recoversAt) {
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'PGRST000', message: 'Service Unavailable', details: null, hint: null }),
        });
        return;
      }
      await route.fallback();
    });
    const screen = await pairScreen(context, customer, `Outage screen ${Date.now()}`);

    const playing = expect(screen.getByTestId('slide-counter')).toBeVisible({ timeout: 60_000 });
    const errorTexts = await watchForErrorText(screen, playing);
    await playing;
    const playedAt = Date.now();
    expect(recoversAt).toBeGreaterThan(0);
    // It did wait through the outage, then started by itself within 15 s of the recovery.
    expect(playedAt).toBeGreaterThanOrEqual(recoversAt);
    expect(playedAt - recoversAt).toBeLessThan(15_000);
    expect(errorTexts).toEqual([]);
    await expect(screen.locator('[data-visible="true"]')).toHaveAttribute(
      'data-slide-id',
      new RegExp(`^(${customer.slideIds.join('|')})$`),
    );
  } finally {
    await context.close();
  }
});

test('a venue’s e-mail changed in the customer form while its screen plays: the screen plays on, the venue signs in with the new address', async ({
  browser,
  page,
}) => {
  allowTest(120_000);
  const customer = await newCustomer({ count: 3, seconds: 5 });
  const context = await screenContext(browser);
  try {
    const screen = await pairScreen(context, customer, `Email change screen ${Date.now()}`);
    await expect(screen.getByTestId('slide-counter')).toHaveText('1 / 3', { timeout: 30_000 });
    await recordChanges(screen);

    // The admin fixes the venue's e-mail; the form says the sign-in e-mail changes with it.
    const newEmail = `renamed-${customer.email}`;
    await signInAs(page, ADMIN);
    await page.goto(`/dashboard/customers/edit/${customer.customerId}`);
    const email = page.getByLabel('Email *', { exact: true });
    await expect(email).toHaveValue(customer.email);
    await email.fill(newEmail);
    await expect(page.getByText(/^Saving also changes this customer's sign-in e-mail/)).toBeVisible();
    await page.getByRole('button', { name: 'Update Customer' }).click();
    await expect(page.getByText('Customer updated successfully!', { exact: true })).toBeVisible();

    // Past the screen's next playlist polls (every 15 s) it still plays the same slides.
    const before = (await changes(screen)).length;
    const watched = waitForChanges(screen, before + 4, 40_000);
    const errorTexts = await watchForErrorText(screen, watched);
    const played = (await watched).slice(before);
    expect(played.every((c) => c.id !== null && customer.slideIds.includes(c.id))).toBe(true);
    expect(errorTexts).toEqual([]);

    // The venue signs in with the new address (the same password), no longer with the old.
    const venue = nodeClient(STACK_URL, ANON_KEY);
    const renamed = await venue.auth.signInWithPassword({ email: newEmail, password: customer.password });
    expect(renamed.error).toBeNull();
    const old = await venue.auth.signInWithPassword({ email: customer.email, password: customer.password });
    expect(old.error?.code).toBe('invalid_credentials');
  } finally {
    await context.close();
  }
});

test('a wall with no weather or news keys, or the function out of reach, shows no sample: its dynamic slides are skipped', async ({
  browser,
}) => {
  allowTest(120_000);
  const customer = await newCustomer({ count: 1, seconds: 5 });
  const { error } = await serviceClient(STACK_URL)
    .from('campaign_items')
    .insert(
      [
        { title: 'Weather', slide_type: 'weather', settings: { location: 'Lisbon', refresh_interval: 300 } },
        { title: 'Headlines', slide_type: 'news', settings: { category: 'general', refresh_interval: 300 } },
        { title: 'Scores', slide_type: 'sports', settings: { refresh_interval: 300 } },
      ].map((slide, i) => ({
        ...slide,
        campaign_id: customer.campaignId,
        content_type: 'dynamic',
        display_order: i + 2,
        duration: 5,
      })),
    );
  expect(error).toBeNull();

  const context = await screenContext(browser);
  try {
    // The weather cannot be reached at all (a dropped connection); news and sports reach the
    // function, which has no service keys on this stack and answers its built-in samples.
    const refused: string[] = [];
    await context.route('**/functions/v1/dynamic-content**', async (route) => {
      if (!route.request().postData()?.includes('"weather"')) return route.continue();
      refused.push(route.request().url());
      await route.abort('connectionrefused');
    });
    const screen = await pairScreen(context, customer, `Dynamic screen ${Date.now()}`);
    await expect(screen.getByTestId('slide-counter')).toHaveText('1 / 4', { timeout: 30_000 });

    // Three slide times: the wall has nothing true to show for its dynamic slides (no live
    // data, none kept), so it plays its image slide again and again, never a sample.
    const shownIds = new Set<string | null>();
    const watch = (async () => {
      for (let i = 0; i < 30; i++) {
        shownIds.add(await screen.locator('[data-visible="true"]').getAttribute('data-slide-id'));
        await screen.waitForTimeout(500);
      }
    })();
    const errorTexts = await watchForErrorText(screen, watch);
    expect([...shownIds]).toEqual([customer.slideIds[0]]);
    expect(errorTexts).toEqual([]);
    await expect(screen.getByRole('region', { name: /Weather|News|Sports/ })).toHaveCount(0);
    expect(refused.length).toBeGreaterThan(0);

    // What the screen kept off the wall reaches the Equipment page through its heartbeat.
    await expect
      .poll(
        async () => {
          const { data } = await serviceClient(STACK_URL)
            .from('equipment_status')
            .select('diagnostics')
            .eq('customer_id', customer.customerId)
            .not('screen_user_id', 'is', null)
            .single();
          return data?.diagnostics ?? '';
        },
        { timeout: 75_000, intervals: [2_000] },
      )
      .toMatch(/(weather|news|sports): skipped: no live data/);
  } finally {
    await context.close();
  }
});
