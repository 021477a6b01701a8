// Text that fits, in Chromium: a venue of its own plays two slides with as much text as the
// editor allows (80 and 400 characters, with a long unbroken web address), one beside an
// image and one alone, at 1920×1080 and 1080×1920 (the window resized while it plays) and on
// a device set to portrait. No text is cut off, none sticks out of the screen, none is tiny,
// and a slide is fitted before it shows. The editor refuses text over the limits at the field,
// and the Live Preview tells the size the screen shows.
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './screenshot.ts';
import { ADMIN, signInAs, STACK_URL } from './support.ts';
import { createPlayerCustomer, openSlides, serviceClient, type PlayerCustomer } from './player-support.ts';
import { allowTest } from './timeouts.ts';

const TITLE = 'Autumn at the Corner Cafe: pumpkin lattes, apple pies and warm cinnamon buns'.padEnd(80, '!');
const WORDS =
  'Every morning we roast our own beans and bake pies, buns and bread in the back of the shop. ' +
  'Sit by the window with a pumpkin latte, or take a dozen cinnamon buns home for the family. ' +
  'Order ahead on www.cornercafe-freshroastedcoffee.example and skip the queue. ';
const CONTENT = WORDS.repeat(3).slice(0, 400);

let customer: PlayerCustomer;
let textSlideId: string;

test.beforeAll(async () => {
  expect([...TITLE].length).toBe(80);
  expect([...CONTENT].length).toBe(400);
  customer = await createPlayerCustomer(STACK_URL, { count: 1, seconds: 5 });
  const sb = serviceClient(STACK_URL);
  // The image slide gets the longest text allowed (so it sits beside its image) ...
  const image = await sb
    .from('campaign_items')
    .update({ title: TITLE, content: CONTENT })
    .eq('id', customer.slideIds[0]);
  if (image.error) throw new Error(image.error.message);
  // ... and a text slide has it alone.
  const text = await sb
    .from('campaign_items')
    .insert({
      campaign_id: customer.campaignId,
      slide_type: 'promotional',
      title: TITLE,
      content: CONTENT,
      display_order: 2,
      duration: 5,
    })
    .select('id')
    .single();
  if (text.error) throw new Error(text.error.message);
  textSlideId = text.data.id;
});

test.afterAll(async () => {
  await customer?.remove();
});

interface TextMetrics {
  /** Every element of the text box: its scroll size within its own size. */
  unclipped: boolean;
  /** Every element's box, and the text itself, inside the window and inside the text box. */
  inside: boolean;
  contentPx: number;
  titlePx: number;
  fitSize: string | undefined;
  /** Where the image and the text box are (image-and-text slides). */
  image: { top: number; left: number; bottom: number; right: number } | null;
  text: { top: number; left: number; bottom: number; right: number };
}

/**
 * What a viewer sees of a layer's text, read in the page (a string: these tests are typed for
 * Node): every element of the text box within its own size (nothing scrolled away) and inside
 * the window, the text itself (its line boxes) inside the text box, and the sizes shown.
 */
const TEXT_METRICS = `(layer) => {
  const box = layer.querySelector('[data-slide-text]');
  const rect = (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
  };
  const within = (inner, outer) =>
    inner.top >= outer.top - 0.5 && inner.left >= outer.left - 0.5 &&
    inner.bottom <= outer.bottom + 0.5 && inner.right <= outer.right + 0.5;
  const screen = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  const all = [box, ...box.querySelectorAll('*')];
  const text = document.createRange();
  text.selectNodeContents(box);
  const [title, content] = box.querySelectorAll('p');
  const image = layer.querySelector('img');
  return {
    unclipped: all.every((e) => e.scrollHeight <= e.clientHeight && e.scrollWidth <= e.clientWidth),
    inside: all.every((e) => within(rect(e), screen)) && [...text.getClientRects()].every((r) => within(r, rect(box))),
    titlePx: parseFloat(getComputedStyle(title).fontSize),
    contentPx: parseFloat(getComputedStyle(content).fontSize),
    fitSize: box.dataset.fitSize,
    image: image ? rect(image) : null,
    text: rect(box),
  };
}`;

const layerSelector = (slideId: string, visible: boolean) => `[data-slide-id="${slideId}"][data-visible="${visible}"]`;

function textMetrics(page: Page, slideId: string, visible: boolean): Promise<TextMetrics> {
  return page.evaluate<TextMetrics>(`(${TEXT_METRICS})(document.querySelector('${layerSelector(slideId, visible)}'))`);
}

/**
 * Waits for `slideId` to be the next slide (mounted, hidden), notes its fitted size, then for
 * it to show: it shows at the size it was fitted at before (no jump on screen).
 */
async function whenShown(page: Page, slideId: string): Promise<TextMetrics> {
  await expect(page.locator(`${layerSelector(slideId, false)} [data-slide-text]`)).toHaveAttribute(
    'data-fit-size',
    /\d/,
    { timeout: 15_000 },
  );
  const before = await textMetrics(page, slideId, false);
  await expect(page.locator(layerSelector(slideId, true))).toHaveCount(1, { timeout: 15_000 });
  const after = await textMetrics(page, slideId, true);
  expect(after.fitSize).toBe(before.fitSize);
  expect(after.contentPx).toBe(before.contentPx);
  return after;
}

/** The legible size on a 1080p screen: 3.3 % of its short side (36 px). */
const LEGIBLE_PX = 1080 * 0.033;
/** Text sharing the screen with an image, at the limits, may be a little under it, never tiny. */
const NOT_TINY_PX = 30;

test('long text fits the screen at 1920×1080 and 1080×1920, is not tiny, and is fitted before it shows', async ({
  page,
}) => {
  allowTest(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAs(page, customer);
  await openSlides(page);
  await expect(page.getByTestId('slide-counter')).toHaveText(/ \/ 2$/, { timeout: 20_000 });

  // Landscape: the image on the left, its text on the right; the text slide has the screen.
  const textWide = await whenShown(page, textSlideId);
  expect(textWide).toMatchObject({ unclipped: true, inside: true, image: null });
  expect(textWide.contentPx).toBeGreaterThanOrEqual(LEGIBLE_PX);
  expect(textWide.titlePx).toBeGreaterThan(textWide.contentPx);
  await screenshot(page, 'text-fit-landscape');

  const imageWide = await whenShown(page, customer.slideIds[0]);
  expect(imageWide).toMatchObject({ unclipped: true, inside: true });
  expect(imageWide.image!.right).toBeLessThanOrEqual(imageWide.text.left + 1);
  // Half the screen for as much text as allowed: smaller, still readable.
  expect(imageWide.contentPx).toBeGreaterThanOrEqual(NOT_TINY_PX);
  await screenshot(page, 'text-fit-image-landscape');

  // The window turns portrait while playing: the slide on screen is fitted again at once,
  // and the image goes above its text.
  await page.setViewportSize({ width: 1080, height: 1920 });
  const stacked = async () => {
    const m = await textMetrics(page, customer.slideIds[0], true);
    return m.image!.bottom <= m.text.top + 1;
  };
  await expect.poll(stacked, { timeout: 2_000 }).toBe(true);
  const imageTall = await textMetrics(page, customer.slideIds[0], true);
  expect(imageTall).toMatchObject({ unclipped: true, inside: true });
  expect(imageTall.contentPx).toBeGreaterThanOrEqual(NOT_TINY_PX);
  await screenshot(page, 'text-fit-image-portrait');

  const textTall = await whenShown(page, textSlideId);
  expect(textTall).toMatchObject({ unclipped: true, inside: true });
  expect(textTall.contentPx).toBeGreaterThanOrEqual(LEGIBLE_PX);
});

test('a device set to portrait lays image and text top to bottom, even in a wide window', async ({ page }) => {
  allowTest(60_000);
  const sb = serviceClient(STACK_URL);
  await sb.from('equipment_status').update({ orientation: 'portrait' }).eq('id', customer.deviceId);
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signInAs(page, customer);
    await openSlides(page);
    await expect(page.locator('[data-visible="true"] [data-orientation="portrait"]')).toHaveCount(1, {
      timeout: 20_000,
    });
    const image = await whenShown(page, customer.slideIds[0]);
    expect(image.image!.bottom).toBeLessThanOrEqual(image.text.top + 1);
    expect(image).toMatchObject({ unclipped: true, inside: true });
  } finally {
    await sb.from('equipment_status').update({ orientation: 'landscape' }).eq('id', customer.deviceId);
  }
});

test('the editor refuses text over the limits at the field; the Live Preview says the size the screen shows', async ({
  page,
}) => {
  allowTest(60_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAs(page, ADMIN);
  await page.goto(`/dashboard/campaigns/builder/${customer.campaignId}`);
  await expect(page.getByTestId('slide-title').first()).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Add Slide', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Slide' });
  const title = dialog.getByLabel('Title');
  await title.fill(`${TITLE}?`);
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Title can have at most 80 characters (it has 81); shorten it by 1.')).toBeVisible();
  const content = dialog.getByLabel('Content text');
  await content.fill(`${CONTENT}!`);
  await expect(
    dialog.getByText('Content text can have at most 400 characters (it has 401); shorten it by 1.'),
  ).toBeVisible();
  await expect(dialog.getByText('401 / 400 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Slide' }).click();
  await expect(dialog).toBeVisible();
  await expect(title).toBeFocused();
  await screenshot(page, 'slide-modal-text-limits');

  await title.fill(TITLE);
  await content.fill(CONTENT);
  await expect(dialog.getByText('400 / 400 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Slide' }).click();
  await expect(dialog).toBeHidden();

  // The Live Preview of the text slide (the second slide) and of the image slide (the first).
  const previews = page.getByRole('button', { name: `Preview ${TITLE}` });
  await previews.nth(1).click();
  const check = page.getByTestId('preview-text-check');
  await expect(check).toContainText('Title 80 / 80 · Content text 400 / 400 characters');
  await expect(check).toContainText(/Text size on a 1920 × 1080 screen: \d+ px, title \d+ px\./);
  await expect(check.getByText('Text will be small on the screen')).toHaveCount(0);
  await previews.nth(0).click();
  await expect(check).toContainText(/Text size on a 1920 × 1080 screen: \d+ px/);
  await page.getByRole('button', { name: 'Portrait' }).click();
  await expect(check).toContainText(/Text size on a 1080 × 1920 screen: \d+ px/);
  await screenshot(page, 'live-preview-text-check');
});
