// Every language has every message English has, with the same placeholders: a screen never
// falls back to English halfway, nor shows '{{name}}' or loses a figure in translation.
import { describe, expect, it } from 'vitest';
import { locales } from './index';

const catalogues = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

const filesOf = (locale: string) =>
  Object.keys(catalogues)
    .filter((p) => p.startsWith(`./locales/${locale}/`))
    .map((p) => p.slice(`./locales/${locale}/`.length))
    .sort();

function read(locale: string, file: string): Map<string, string> {
  return flatten(catalogues[`./locales/${locale}/${file}`] ?? {});
}

/** Placeholders but the plural count, which a language may spell out in its 'one' form ('One screen'). */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .filter((name) => name !== 'count')
    .sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();
/** Spanish may add 'many' (millions); it is filled from 'other' where missing. */
const ownPluralForm = (key: string) =>
  key.endsWith('_many') || key.endsWith('_zero') || key.endsWith('_two') || key.endsWith('_few');

const files = filesOf('en');

describe('message catalogues', () => {
  it('has the same namespaces in every language', () => {
    for (const locale of locales) {
      expect(filesOf(locale), locale).toEqual(files);
    }
  });

  for (const file of files) {
    describe(file, () => {
      const english = read('en', file);
      for (const locale of locales.filter((l) => l !== 'en')) {
        it(`${locale} has every message English has, and no other`, () => {
          const other = read(locale, file);
          const missing = [...english.keys()].filter((k) => !other.has(k));
          const extra = [...other.keys()].filter((k) => !english.has(k) && !ownPluralForm(k));
          expect(missing, `${locale}/${file} misses`).toEqual([]);
          expect(extra, `${locale}/${file} has keys English has not`).toEqual([]);
        });

        it(`${locale} keeps every placeholder and markup tag, and leaves nothing empty`, () => {
          const other = read(locale, file);
          for (const [key, text] of english) {
            const translated = other.get(key);
            if (translated === undefined) continue;
            expect(translated.trim(), `${locale}/${file} ${key} is empty`).not.toBe('');
            expect(placeholders(translated), `${locale}/${file} ${key}`).toEqual(placeholders(text));
            expect(tags(translated), `${locale}/${file} ${key}`).toEqual(tags(text));
          }
        });
      }
    });
  }
});
