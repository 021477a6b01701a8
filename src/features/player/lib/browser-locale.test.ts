import { describe, expect, it } from 'vitest';
import { browserLocale } from './browser-locale';

describe('browserLocale (a screen not paired yet)', () => {
  it('speaks the browser’s first language the product has, by its primary tag', () => {
    expect(browserLocale(['de-AT', 'en-US'])).toBe('de');
    expect(browserLocale(['fr-FR', 'es-MX', 'de'])).toBe('es');
  });

  it('falls back to English', () => {
    expect(browserLocale(['fr-FR', 'it'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });
});
