// Every message the code asks for exists in the English catalogue (which the completeness test
// holds every other language to): a key that is not there would show as its own name. Keys are
// read from the code as written: t('key') in a file whose useTranslation names the namespace,
// and 'namespace:key' anywhere (translate, message, t, <Trans i18nKey>). Keys built at run time
// (template literals) are left to the screens' tests. (Checked here, not by the type checker:
// typing every key made `tsc` three times slower.)
import { describe, expect, it } from 'vitest';
import { en } from './resources';

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/i18n/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

type Tree = { [key: string]: string | Tree };

function exists(namespace: string, key: string): boolean {
  let node: string | Tree | undefined = (en as unknown as Record<string, Tree>)[namespace];
  const parts = key.split('.');
  for (const [i, part] of parts.entries()) {
    if (!node || typeof node === 'string') return false;
    const last = i === parts.length - 1;
    const next: string | Tree | undefined = node[part];
    if (last && next === undefined) {
      // A plural's base name: key_one / key_other.
      return typeof node[`${part}_other`] === 'string';
    }
    node = next;
  }
  return typeof node === 'string';
}

/**
 * The namespace t('key') reads at a place in a file: the first one named by the closest
 * useTranslation above it (a file may hold several components, each with its own).
 */
function namespaceAt(source: string, index: number): string | null {
  let namespace: string | null = null;
  for (const match of source.matchAll(/useTranslation\(\s*(?:\[\s*)?'(\w+)'/g)) {
    if (match.index > index) break;
    namespace = match[1] ?? null;
  }
  return namespace;
}

function keysOf(source: string): { namespace: string | null; key: string }[] {
  const found: { namespace: string | null; key: string }[] = [];
  const calls = /(?:\bt|\btranslate|\bmessage|\btr)\(\s*'([\w.:-]+)'|i18nKey="([\w.:-]+)"/g;
  for (const match of source.matchAll(calls)) {
    const text = match[1] ?? match[2] ?? '';
    const colon = text.indexOf(':');
    if (colon > 0) found.push({ namespace: text.slice(0, colon), key: text.slice(colon + 1) });
    else found.push({ namespace: namespaceAt(source, match.index), key: text });
  }
  return found;
}

describe('keys the code asks for', () => {
  it('finds the code to check', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('are all in the English catalogue', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      for (const { namespace, key } of keysOf(source)) {
        checked += 1;
        if (!namespace) continue; // t() of a component handed a translate function from elsewhere
        if (!(namespace in en)) continue; // not one of ours (e.g. a local helper named t)
        if (!exists(namespace, key)) missing.push(`${file}: ${namespace}:${key}`);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });
});
