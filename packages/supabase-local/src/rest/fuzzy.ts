// The fuzzy string set PostgREST suggests names with ("Perhaps you meant ...",
// the Haskell package fuzzyset 0.2, itself a port of fuzzyset.js): cosine
// similarity of 2- and 3-grams, the best 50 rescored by normalised Levenshtein
// distance. Ties keep the order the entries were added in.

function normalized(s: string): string {
  return [...s.toLowerCase()].filter((c) => /[\p{L}\p{N}\s,]/u.test(c)).join('');
}

function gramVector(value: string, size: number): Map<string, number> {
  const str = `-${normalized(value)}-`;
  const out = new Map<string, number>();
  for (let i = 0; i <= str.length - size; i++) {
    const g = str.slice(i, i + size);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

const norm = (counts: Iterable<number>) => Math.sqrt([...counts].reduce((a, c) => a + c * c, 0));

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** text-metrics' levenshteinNorm: 1 - distance / longer length. */
function distance(a: string, b: string): number {
  const len = Math.max(a.length, b.length);
  return len === 0 ? 1 : 1 - levenshtein(a, b) / len;
}

export class FuzzySet {
  private readonly exact = new Map<string, string>();
  private readonly keys: string[] = [];

  constructor(values: Iterable<string>) {
    for (const v of values) {
      const key = v.toLowerCase();
      if (this.exact.has(key)) continue;
      this.exact.set(key, v);
      this.keys.push(key);
    }
  }

  /** Matches scoring at least `minScore`, best first. */
  get(value: string, minScore = 0.33): [number, string][] {
    const key = value.toLowerCase();
    const hit = this.exact.get(key);
    if (hit !== undefined) return [[1, hit]];
    for (const size of [3, 2]) {
      const query = gramVector(key, size);
      const qMag = norm(query.values());
      const scored = this.keys
        .map((entry): [number, string] => {
          const vec = gramVector(entry, size);
          let dot = 0;
          for (const [g, c] of query) dot += c * (vec.get(g) ?? 0);
          return [dot === 0 ? 0 : dot / (qMag * norm(vec.values())), entry];
        })
        .filter(([score]) => score > 0)
        .sort((a, b) => b[0] - a[0])
        .slice(0, 50)
        .map(([, entry]): [number, string] => [distance(key, entry), entry])
        .sort((a, b) => b[0] - a[0])
        .filter(([score]) => score >= minScore)
        .map(([score, entry]): [number, string] => [score, this.exact.get(entry) ?? '']);
      if (scored.length) return scored;
    }
    return [];
  }

  getOne(value: string, minScore = 0.33): string | undefined {
    return this.get(value, minScore)[0]?.[1];
  }
}
