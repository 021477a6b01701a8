// Every relative link in the repository's Markdown resolves: the file (or folder) it names
// exists, and a #fragment names a heading of that file, as GitHub anchors them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SKIP = new Set(['node_modules', '.git', '.local', 'dist', 'test-results', 'playwright-report', 'coverage']);

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(full));
    else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = anchorOf(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** [text](target) links outside code, with their line. */
function links(file: string): { target: string; line: number }[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const out: { target: string; line: number }[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    if (fenced) return;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ target: m[1]!, line: i + 1 });
  });
  return out;
}

const files = markdownFiles(ROOT);

describe('links in the documentation', () => {
  it('finds the Markdown files', () => {
    expect(files.map((f) => path.relative(ROOT, f))).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f]))('%s: every relative link resolves', (_, file) => {
    const broken: string[] = [];
    for (const { target, line } of links(file)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [pathPart, fragment] = target.split('#') as [string, string | undefined];
      const resolved = pathPart ? path.resolve(path.dirname(file), decodeURI(pathPart)) : file;
      if (!resolved.startsWith(ROOT) || !existsSync(resolved)) {
        broken.push(`${line}: ${target} (no such file in the repository)`);
        continue;
      }
      if (fragment && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchors(resolved).has(fragment)) {
        broken.push(`${line}: ${target} (no heading #${fragment})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
