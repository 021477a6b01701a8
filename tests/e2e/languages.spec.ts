// Every operator's language: the admin, a venue's /home, the advertiser's portal and a wall in
// Spanish and German. Each screen is marked with its language, shows none of the English
// interface words, and has no serious or critical accessibility violation. Each admin and
// advertiser screen is walked in one of the two languages (every other screen in Spanish, the
// rest in German, so both cover lists, forms, detail and edit pages), the dashboard, the
// builder and /home in both; accessibility.spec.ts walks every screen in English. The top
// bar's control switches the screens and the choice follows the login to another browser; a
// wall speaks its venue's language. Screenshots of the dashboard, the builder and a wall in
// each language go to docs/screenshots/.
import { expect, test, type Page } from '@playwright/test';
import { createPlayerCustomer, openSlides, serviceClient } from './player-support.ts';
import { ADMIN_SCREENS, ADVERTISER_SCREENS, BRIGHTLINE, CAMPAIGN_ID, seriousViolations } from './screens.ts';
import { screenshot } from './screenshot.ts';
import { ADMIN, CAFE, STACK_URL, signInAs } from './support.ts';
import { allowTest } from './timeouts.ts';

const LANGUAGES = [
  { locale: 'es', name: 'Spanish', control: 'Idioma' },
  { locale: 'de', name: 'German', control: 'Sprache' },
] as const;

const DASHBOARD = '/dashboard';
const BUILDER = `/dashboard/campaigns/builder/${CAMPAIGN_ID}`;

/**
 * The screens of `screens` walked in the `nth` language: every other one, alternating, so each
 * screen is walked in one of them; `inBoth` in each.
 */
function share(
  screens: readonly (readonly [string, string | RegExp])[],
  nth: number,
  inBoth: readonly string[] = [],
): string[] {
  const paths = screens.map(([path]) => path);
  const alternate = paths.filter((path) => !inBoth.includes(path)).filter((_, i) => i % LANGUAGES.length === nth);
  return paths.filter((path) => inBoth.includes(path) || alternate.includes(path));
}

/**
 * Words of the interface (never of the data) that a translated screen does not show: menu
 * entries, buttons, paging and states. Seeded names (Corner Cafe, Brightline…) are data.
 */
const ENGLISH_INTERFACE = [
  'Log Out',
  'Sign out',
  'Customers',
  'Advertisers',
  'Campaigns',
  'Equipment',
  'Settings',
  'Add Customer',
  'Add Advertiser',
  'Add Campaign',
  'Add Slide',
  'Save Changes',
  'Cancel',
  'Delete',
  'Loading',
  'Showing ',
  'Previous',
  'Try again',
  'Something went wrong',
  'Search here',
  'Notifications',
  'No slides',
  'Last seen',
  'Your campaigns',
  'Statements',
  'Plays on',
  'All statuses',
];

/** The English interface words on the page now ('' when none). */
async function englishLeftovers(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return ENGLISH_INTERFACE.filter((word) => new RegExp(`\\b${word}\\b`).test(text));
}

/** Opens `path`, waits for its heading and for loading to end, and lists what is wrong with it. */
async function check(page: Page, locale: string, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const problems: string[] = [];
  const lang = await page.locator('html').getAttribute('lang');
  if (lang !== locale) problems.push(`${path}: lang="${lang}"`);
  for (const word of await englishLeftovers(page)) problems.push(`${path}: shows "${word}"`);
  for (const violation of await seriousViolations(page)) problems.push(`${path}: ${violation}`);
  return problems;
}

/** Chooses the language kept on the device before the page's scripts run. */
const keepLanguage = (page: Page, locale: string) =>
  page.addInitScript((l) => globalThis.localStorage.setItem('signage:locale', l), locale);

LANGUAGES.forEach(({ locale, name, control }, nth) => {
  test.describe(`in ${name}`, () => {
    test('its half of the admin screens speaks it, is marked with it and is accessible', async ({ page }) => {
      allowTest(180_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAs(page, ADMIN);
      await keepLanguage(page, locale);
      const problems: string[] = [];
      for (const path of share(ADMIN_SCREENS, nth, [DASHBOARD, BUILDER])) {
        problems.push(...(await check(page, locale, path)));
        if (path === DASHBOARD) {
          await expect(page.getByRole('combobox', { name: control })).toHaveValue(locale);
          await screenshot(page, `dashboard-${locale}`);
        }
        if (path === BUILDER) {
          await expect(page.getByRole('heading', { level: 1, name: 'Cafe Daily Specials' })).toBeVisible();
          await screenshot(page, `builder-${locale}`);
        }
      }
      expect(problems).toEqual([]);
    });

    test('a venue’s /home and its half of the advertiser’s portal speak it', async ({ page, browser }) => {
      allowTest(90_000);
      await signInAs(page, CAFE);
      await keepLanguage(page, locale);
      const problems = await check(page, locale, '/home');

      const context = await browser.newContext();
      const advertiser = await context.newPage();
      await signInAs(advertiser, BRIGHTLINE);
      await keepLanguage(advertiser, locale);
      for (const path of share(ADVERTISER_SCREENS, nth)) problems.push(...(await check(advertiser, locale, path)));
      await context.close();
      expect(problems).toEqual([]);
    });
  });
});

test('a venue chooses its language on /home, and it follows the login to another browser', async ({ browser }) => {
  allowTest(90_000);
  const venue = await createPlayerCustomer(STACK_URL, { count: 1 });
  try {
    const firstContext = await browser.newContext();
    const first = await firstContext.newPage();
    await signInAs(first, venue);
    await first.goto('/home');
    await first.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(first.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await expect(first.locator('html')).toHaveAttribute('lang', 'de');
    // The choice is kept for the login, on the server.
    await expect
      .poll(
        async () =>
          (await serviceClient(STACK_URL).from('users').select('locale').eq('id', venue.userId).single()).data?.locale,
      )
      .toBe('de');
    await firstContext.close();

    const secondContext = await browser.newContext();
    const second = await secondContext.newPage();
    await signInAs(second, venue);
    await second.goto('/home');
    await expect(second.locator('html')).toHaveAttribute('lang', 'de');
    await expect(second.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await secondContext.close();
  } finally {
    await venue.remove();
  }
});

for (const { locale, name } of LANGUAGES) {
  test(`a wall plays its venue’s language (${name}), whatever the browser’s`, async ({ page }) => {
    allowTest(90_000);
    const venue = await createPlayerCustomer(STACK_URL, { count: 2 });
    try {
      const set = await serviceClient(STACK_URL).from('customers').update({ locale }).eq('id', venue.customerId);
      expect(set.error).toBeNull();
      await page.setViewportSize({ width: 1920, height: 1080 });
      await signInAs(page, venue);
      await openSlides(page);
      await expect(page.getByTestId('slide-counter')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect(await englishLeftovers(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await venue.remove();
    }
  });
}

test.describe('a wall not paired yet', () => {
  for (const { locale, name } of [{ locale: 'en', name: 'English' }, ...LANGUAGES]) {
    test(`shows its pairing code in the browser’s language (${name})`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: { width: 1920, height: 1080 } });
      const page = await context.newPage();
      await page.goto('/screen');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId('pairing-code')).toHaveText(/^[A-HJ-NP-Z2-9]{3} [A-HJ-NP-Z2-9]{3}$/, {
        timeout: 20_000,
      });
      if (locale !== 'en') expect(await englishLeftovers(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `wall-pairing-${locale}`);
      await context.close();
    });
  }
});
