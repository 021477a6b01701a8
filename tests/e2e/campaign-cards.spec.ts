// Campaign cards at a laptop's width: the on-air state stays on one line and the daypart
// summary is shown whole (wrapped, never cut to "Sat 0…").
import { expect, test } from '@playwright/test';
import { ADMIN, signInAs } from './support.ts';

test('a card’s air status is one line and its daypart summary is complete at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ADMIN);
  await page.goto('/dashboard/campaigns');
  // The seeded gym campaign plays Mon–Fri 06:00–10:00 and Sat 08:00–12:00.
  const card = page.getByRole('article', { name: 'Gym Morning Classes' });
  await expect(card.getByTestId('air-status-detail')).toHaveText(/Mon–Fri 06:00–10:00; Sat 08:00–12:00\.$/);
  // Measured in the page: the label's text in one line box (a wrapped label has one per line);
  // every line of the summary inside the card, and no ellipsis cutting it.
  const measured = await page.evaluate<{
    labelLines: number;
    cardRight: number;
    textRight: number;
    cut: boolean;
  }>(`(() => {
    const card = [...document.querySelectorAll('[role="article"]')].find((c) =>
      c.querySelector('h2')?.textContent === 'Gym Morning Classes');
    const label = card.querySelector('[data-testid="air-status-label"]');
    const detail = card.querySelector('[data-testid="air-status-detail"]');
    const range = document.createRange();
    range.selectNodeContents(label);
    return {
      labelLines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
      cardRight: card.getBoundingClientRect().right,
      textRight: Math.max(...[...detail.getClientRects()].map((r) => r.right)),
      cut: getComputedStyle(detail).textOverflow === 'ellipsis' || detail.scrollWidth > detail.clientWidth + 1,
    };
  })()`);
  expect(measured.labelLines).toBe(1);
  expect(measured.textRight).toBeLessThanOrEqual(measured.cardRight);
  expect(measured.cut).toBe(false);
});
