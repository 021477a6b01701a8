// WCAG 2.1 AA, measured: axe-core checks every screen (sign-in pages, the admin area with
// its dialogs, the venue's home and player, the advertiser's portal, a wall screen's pairing code) and finds no
// serious or critical violation; every control reached by Tab shows a visible focus ring.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_SCREENS, ADVERTISER_SCREENS, BRIGHTLINE, CAFE_ID, CAMPAIGN_ID, seriousViolations } from './screens.ts';
import { ADMIN, CAFE, signInAs } from './support.ts';

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Opens `path` and waits until its loading states are gone. */
async function open(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const heading = (name: string | RegExp) => (page: Page) =>
  expect(page.getByRole('heading', { name, level: 1 }).first()).toBeVisible();

test.describe('signed out', () => {
  for (const [path, name] of [
    ['/auth', /Customer sign-in/],
    ['/admin', /Admin sign-in/],
    ['/auth/forgot-password', 'Forgot password?'],
    ['/auth/reset-password', 'Set New Password'],
    ['/auth/setup-password?email=cafe%40example.com', 'Set Your Password'],
  ] as const) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(name).first()).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('the sign-in page in its other states (code, password) has none', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Use a password instead' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expectAccessible(page);
  });

  test('a wall screen showing its pairing code has none', async ({ page }) => {
    await page.goto('/screen');
    await expect(page.getByText(/pair/i).first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, ADMIN);
  });

  for (const [path, name] of ADMIN_SCREENS) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await open(page, path, heading(name));
      await expectAccessible(page);
    });
  }

  test('the dialogs have none: delete customer, set password, slide editor, media library', async ({ page }) => {
    await open(page, '/dashboard/customers', heading('Customers'));
    await page.getByRole('button', { name: 'Delete Corner Cafe' }).click();
    await expect(page.getByRole('alertdialog').getByText(/campaign/)).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await open(page, `/dashboard/customers/view/${CAFE_ID}`, heading('Corner Cafe'));
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Set Password' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await open(page, `/dashboard/campaigns/builder/${CAMPAIGN_ID}`, heading('Cafe Daily Specials'));
    await page.getByRole('button', { name: 'Add Slide' }).click();
    const editor = page.getByRole('dialog', { name: 'Add New Slide' });
    await expect(editor).toBeVisible();
    await editor.getByLabel('Duration (seconds)').fill('-5');
    await editor.getByRole('button', { name: 'Save Slide' }).click();
    await expect(editor.getByText('Duration must be a whole number from 5 to 300 seconds.')).toBeVisible();
    await expectAccessible(page);
    await editor.getByRole('button', { name: 'Choose from Media Library' }).click();
    await expect(page.getByRole('dialog', { name: /Media Library/ })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('every control Tab reaches on a list page shows a focus ring', async ({ page }) => {
    await open(page, '/dashboard/customers', heading('Customers'));
    const unringed: string[] = [];
    const reached = new Set<string>();
    for (let i = 0; i < 45; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate<{ name: string; ring: boolean } | null>(`(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const shadow = style.boxShadow && style.boxShadow !== 'none';
        const label = el.labels && el.labels[0] ? el.labels[0].textContent : '';
        const name = (el.getAttribute('aria-label') || label || el.textContent || el.tagName).trim().slice(0, 60);
        return { name: el.tagName.toLowerCase() + ': ' + name, ring: Boolean(outline || shadow) };
      })()`);
      if (!focus) continue;
      reached.add(focus.name);
      if (!focus.ring) unringed.push(focus.name);
    }
    // Every kind of control on the page is on the path: skip link, menu, search, filters, cards' actions.
    for (const name of ['Skip to main content', 'Customers', 'Add Customer', 'Search customers', 'View Corner Cafe']) {
      expect(
        [...reached].some((r) => r.includes(name)),
        `Tab reaches ${name}`,
      ).toBe(true);
    }
    expect(unringed).toEqual([]);
  });
});

test.describe('venue', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, CAFE);
  });

  test('/home has no serious or critical violations', async ({ page }) => {
    await open(page, '/home', heading('Welcome, Corner Cafe'));
    await expectAccessible(page);
  });

  test('/slides, asking which screen it is, has none', async ({ page }) => {
    await page.goto('/slides');
    await expect(page.getByRole('heading', { name: 'Which screen is this?' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('advertiser', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, BRIGHTLINE);
  });

  for (const [path, name] of ADVERTISER_SCREENS) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await open(page, path, heading(name));
      await expectAccessible(page);
    });
  }
});
