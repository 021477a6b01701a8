// The database's own messages (raised by the product's SQL, in English, as the specification
// words them) in the language the screens speak. The English catalogue (errors:server.*) is
// the list of known messages: each is read as a pattern, its {{v1}}, {{v2}}… standing for the
// values the database put in, and a match is told in the current language with those values
// (themselves translated when they are known messages: 'Campaign "Spring": <reason>').
// Anything unknown is shown as the server wrote it.
import { currentLocale, i18n, translate } from '@/i18n';

interface Pattern {
  key: string;
  names: string[];
  regex: RegExp;
  /** Literal characters: more specific patterns are tried first. */
  weight: number;
}

let patterns: Pattern[] | null = null;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function knownMessages(): Pattern[] {
  if (patterns) return patterns;
  const english =
    (i18n.getResourceBundle('en', 'errors') as { server?: Record<string, string> } | undefined)?.server ?? {};
  patterns = Object.entries(english)
    .map(([key, template]) => {
      const names: string[] = [];
      const parts = template.split(/\{\{\s*(\w+)\s*\}\}/);
      let source = '';
      parts.forEach((part, i) => {
        if (i % 2 === 1) {
          names.push(part);
          source += '(.+?)';
        } else source += escape(part);
      });
      return {
        key,
        names,
        regex: new RegExp(`^${source}$`, 's'),
        weight: template.replace(/\{\{\s*\w+\s*\}\}/g, '').length,
      };
    })
    .sort((a, b) => b.weight - a.weight);
  return patterns;
}

/** A database message in the current language; unknown messages (and English) as they are. */
export function localizeServerMessage(text: string): string {
  if (!text || currentLocale() === 'en') return text;
  for (const { key, names, regex } of knownMessages()) {
    const match = regex.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, localizeServerMessage(match[i + 1] ?? '')]));
    return translate(`errors:server.${key}`, values);
  }
  return text;
}
