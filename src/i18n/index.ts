// The product's languages: i18next with react-i18next. English is bundled and is the default
// (the specification's words, unchanged); Spanish and German are one chunk each, fetched when
// chosen, side by side with the screen's own code, so choosing one adds no round trip. The
// wall's namespaces ('player', 'slides') are bundled in every language: a screen must speak
// its venue's language with no network.
import i18next, { type BackendModule, type ParseKeys, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './catalogue';
import dePlayer from './locales/de/player.json';
import deSlides from './locales/de/slides.json';
import esPlayer from './locales/es/player.json';
import esSlides from './locales/es/slides.json';
import { en, namespaces, type Namespace } from './resources';

export { namespaces, type Namespace };

export const locales = ['en', 'es', 'de'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The tag `Intl` formats with for each language. */
const intlTags: Record<Locale, string> = { en: 'en-US', es: 'es-ES', de: 'de-DE' };

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  es: () => import('./locales/es/index'),
  de: () => import('./locales/de/index'),
};

/** Where the language last chosen on this device is kept (read before anything renders). */
const keptLocaleKey = 'signage:locale';

function readKeptLocale(): Locale {
  try {
    const kept = globalThis.localStorage?.getItem(keptLocaleKey);
    return isLocale(kept) ? kept : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

type Messages = Record<string, unknown>;

/**
 * Spanish has a third plural form for millions ('many': 1 000 000 pantallas); catalogues write
 * 'one' and 'other', and 'many' reads as 'other' where a catalogue has none.
 */
function withManyForms<T>(messages: T): T {
  if (!messages || typeof messages !== 'object') return messages;
  const tree = messages as Messages;
  const out: Messages = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = withManyForms(value);
    if (key.endsWith('_other')) {
      const many = `${key.slice(0, -'_other'.length)}_many`;
      if (!(many in tree)) out[many] = value;
    }
  }
  return out as T;
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLocale(language) || language === 'en') {
      callback(null, {});
      return;
    }
    loaders[language]()
      .then((module) => callback(null, withManyForms(module.default[namespace as Namespace]) as never))
      .catch((error: unknown) => callback(error as Error, false));
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: readKeptLocale(),
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    ns: namespaces,
    defaultNS: 'common',
    resources: {
      en,
      es: { player: withManyForms(esPlayer), slides: withManyForms(esSlides) },
      de: { player: dePlayer, slides: deSlides },
    },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: true },
  });

function markDocument(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);

/** The language the screens speak now. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
}

/** The BCP 47 tag for `Intl` in the current language (or the given one). */
export function intlLocale(locale: Locale = currentLocale()): string {
  return intlTags[locale];
}

/**
 * Switches every screen to `locale` and keeps the choice on this device. `keep: false` is for a
 * wall, which speaks its venue's language without changing what the device's users chose.
 */
export async function setLocale(locale: Locale, { keep = true }: { keep?: boolean } = {}): Promise<void> {
  if (keep) {
    try {
      localStorage.setItem(keptLocaleKey, locale);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this visit.
    }
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** Any key of any namespace, written 'namespace:path.to.key'. */
export type MessageKey = ParseKeys<Namespace[]>;

/** Translates a key outside React (API modules, query functions), at the moment it is called. */
export function translate(key: MessageKey, options?: TOptions): string {
  return i18n.t(key, options as never) as unknown as string;
}

/**
 * A zod message read when the check fails, in the language of that moment:
 * `z.string().min(1, message('customers:form.nameRequired'))`.
 */
export function message(key: MessageKey, options?: TOptions): { error: () => string } {
  return { error: () => translate(key, options) };
}
