import { defaultLocale, isLocale, type Locale } from '@/i18n';

/**
 * The language of a screen not paired yet: the browser's first language the product speaks
 * ('de-AT' is German), else English.
 */
export function browserLocale(languages: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return defaultLocale;
}
