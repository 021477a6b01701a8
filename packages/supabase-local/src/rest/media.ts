// Media types as PostgREST reads and writes them (src/PostgREST/MediaType.hs):
// the Accept and Content-Type headers decoded, and the mime text a response or
// an error names.

export type PlanFormat = 'text' | 'json';
export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal';

export type MediaType =
  | { type: 'json' }
  | { type: 'geojson' }
  | { type: 'csv' }
  | { type: 'text' }
  | { type: 'xml' }
  | { type: 'openapi' }
  | { type: 'urlencoded' }
  | { type: 'octet' }
  | { type: 'any' }
  | { type: 'other'; mime: string }
  | { type: 'array-strip' }
  | { type: 'single'; strip: boolean }
  | { type: 'plan'; for: MediaType; format: PlanFormat; options: PlanOption[] };

const PLAN_OPTIONS: PlanOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

/** `main/sub; k=v; k="v"` → its parts, as PostgREST's tokenizeMediaType (undefined when it does not parse). */
function tokenize(text: string): { main: string; sub: string; params: Map<string, string> } | undefined {
  const m = /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)/.exec(text);
  if (!m) return undefined;
  const params = new Map<string, string>();
  let rest = text.slice(m[0].length);
  for (;;) {
    const p = /^\s*;\s*([A-Za-z0-9-]+)\s*=\s*(?:"([^"]*)"|([A-Za-z0-9|-]+))/.exec(rest);
    if (!p) break;
    params.set(p[1].toLowerCase(), p[2] ?? p[3]);
    rest = rest.slice(p[0].length);
  }
  return { main: m[1], sub: m[2], params };
}

export function decodeMediaType(text: string): MediaType {
  const t = tokenize(text);
  if (!t) return { type: 'other', mime: text };
  const main = t.main.toLowerCase();
  const sub = t.sub.toLowerCase();
  const stripped = (t.params.get('nulls') ?? 'false') === 'stripped';
  const plan = (format: PlanFormat): MediaType => {
    const opts = (t.params.get('options') ?? '').split('|');
    return {
      type: 'plan',
      for: decodeMediaType(t.params.get('for') ?? 'application/json'),
      format,
      options: PLAN_OPTIONS.filter((o) => opts.includes(o)),
    };
  };
  if (main === 'application') {
    switch (sub) {
      case 'json':
        return { type: 'json' };
      case 'geo+json':
        return { type: 'geojson' };
      case 'openapi+json':
        return { type: 'openapi' };
      case 'x-www-form-urlencoded':
        return { type: 'urlencoded' };
      case 'octet-stream':
        return { type: 'octet' };
      case 'vnd.pgrst.plan':
      case 'vnd.pgrst.plan+text':
        return plan('text');
      case 'vnd.pgrst.plan+json':
        return plan('json');
      case 'vnd.pgrst.object+json':
      case 'vnd.pgrst.object':
        return { type: 'single', strip: stripped };
      case 'vnd.pgrst.array+json':
      case 'vnd.pgrst.array':
        return stripped ? { type: 'array-strip' } : { type: 'json' };
    }
  }
  if (main === 'text' && sub === 'csv') return { type: 'csv' };
  if (main === 'text' && sub === 'plain') return { type: 'text' };
  if (main === 'text' && sub === 'xml') return { type: 'xml' };
  if (main === '*' && sub === '*') return { type: 'any' };
  return { type: 'other', mime: text };
}

export function toMime(mt: MediaType): string {
  switch (mt.type) {
    case 'json':
      return 'application/json';
    case 'array-strip':
      return 'application/vnd.pgrst.array+json;nulls=stripped';
    case 'geojson':
      return 'application/geo+json';
    case 'csv':
      return 'text/csv';
    case 'text':
      return 'text/plain';
    case 'xml':
      return 'text/xml';
    case 'openapi':
      return 'application/openapi+json';
    case 'single':
      return mt.strip ? 'application/vnd.pgrst.object+json;nulls=stripped' : 'application/vnd.pgrst.object+json';
    case 'urlencoded':
      return 'application/x-www-form-urlencoded';
    case 'octet':
      return 'application/octet-stream';
    case 'any':
      return '*/*';
    case 'other':
      return mt.mime;
    case 'plan':
      return (
        `application/vnd.pgrst.plan+${mt.format}; for="${toMime(mt.for)}"` +
        (mt.options.length ? `; options=${mt.options.join('|')}` : '')
      );
  }
}

/** The Content-Type header of a response in this media type. */
export function toContentType(mt: MediaType): string {
  return mt.type === 'octet' || mt.type === 'other' ? toMime(mt) : `${toMime(mt)}; charset=utf-8`;
}

/**
 * The Accept header as wai-extra's parseHttpAccept orders it: split at commas,
 * spaces removed, by quality, then by specificity (parameters minus stars); a
 * missing header accepts anything.
 */
export function parseAccept(header: string | undefined): MediaType[] {
  if (header === undefined) return [{ type: 'any' }];
  const entries = header.split(',').map((raw, i) => {
    const s = raw.replace(/ /g, '');
    const at = s.indexOf(';q=');
    const text = at >= 0 ? s.slice(0, at) : s;
    const qText = at >= 0 ? s.slice(at + 3).split(';')[0] : '';
    const q = at >= 0 && /^\d+(\.\d+)?$/.test(qText) ? Number(qText) : 1;
    const specificity = (text.match(/;/g)?.length ?? 0) - (text.match(/\*/g)?.length ?? 0);
    return { text, q, specificity, i };
  });
  entries.sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.i - b.i);
  return entries.map((e) => decodeMediaType(e.text));
}
