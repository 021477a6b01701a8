import path from 'node:path';
import type { Page } from '@playwright/test';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** Saves the whole page as docs/screenshots/<name>.png, for the project's documentation. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  return file;
}
