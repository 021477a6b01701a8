// No import cycles, in the app or on Node: modules form layers a reader can follow.
//
// Part of `npm run lint`. The same rule as eslint-plugin-import's `no-cycle` (which took half
// of ESLint's time here): a value import or re-export (`import … from`, `export … from`) makes
// an edge; type-only imports (`import type`, `import { type A }`) and dynamic `import()` do not,
// since they run nothing at load. Specifiers are resolved by TypeScript with the tsconfig that
// compiles the importing file (its `paths` aliases, `.js` → `.ts`, workspace packages); what
// resolves into node_modules is outside the graph. Prints each cycle and exits 1 when any.
//   tsx scripts/check-import-cycles.ts
import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The folders checked, as ESLint's no-cycle checked them. */
const FOLDERS = ['src', 'packages/supabase-local/src', 'scripts', 'tests'];
const SOURCE = /\.(ts|tsx)$/;

function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const file = path.join(ROOT, tsconfig);
  const read = ts.readConfigFile(file, (p) => ts.sys.readFile(p));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file)).options;
}

const appOptions = compilerOptions('tsconfig.app.json');
const nodeOptions = compilerOptions('tsconfig.node.json');
/** The browser app (and its test setup) compiles with tsconfig.app.json; the rest with tsconfig.node.json. */
const optionsFor = (file: string) => {
  const rel = path.relative(ROOT, file);
  return rel.startsWith(`src${path.sep}`) || rel.startsWith(path.join('tests', 'setup') + path.sep)
    ? appOptions
    : nodeOptions;
};

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const folder of FOLDERS) {
    const dir = path.join(ROOT, folder);
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !SOURCE.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (file.includes(`${path.sep}node_modules${path.sep}`)) continue;
      // The emulator's fixture project's edge functions are Deno code, not part of this graph.
      if (file.includes(path.join('tests', 'project', 'supabase', 'functions'))) continue;
      files.push(file);
    }
  }
  return files;
}

/** The specifiers of a file's value imports and re-exports (what runs when it loads). */
function valueImports(file: string): string[] {
  const text = ts.sys.readFile(file) ?? '';
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0
          ? bindings.elements.every((e) => e.isTypeOnly)
          : false;
      if (onlyTypes) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (
        clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((e) => e.isTypeOnly)
      )
        continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

function resolve(specifier: string, from: string): string | null {
  const { resolvedModule } = ts.resolveModuleName(specifier, from, optionsFor(from), ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return null;
  const target = realpathSync(resolvedModule.resolvedFileName);
  if (target.includes(`${path.sep}node_modules${path.sep}`) || target.endsWith('.d.ts')) return null;
  return target;
}

/** The strongly connected components of more than one module (or a module importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  // Iterative Tarjan: the graph has thousands of modules, recursion is fine but this never overflows.
  for (const start of graph.keys()) {
    if (indices.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!indices.has(to)) {
          indices.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, indices.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === indices.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) found.push(component);
      }
    }
  }
  return found;
}

/** One import path around a component, from its first module back to it. */
function loopThrough(component: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  const seen = new Set([start]);
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0])!);
        return [...loop, start];
      }
      if (seen.has(to)) continue;
      seen.add(to);
      previous.set(to, node);
      queue.push(to);
    }
  }
  return component;
}

const graph = new Map<string, string[]>();
for (const file of sourceFiles().map((f) => realpathSync(f))) {
  const edges = valueImports(file)
    .map((s) => resolve(s, file))
    .filter((t): t is string => t !== null);
  graph.set(file, [...new Set(edges)]);
}

const found = cycles(graph);
for (const component of found) {
  const loop = loopThrough(component, graph).map((f) => path.relative(ROOT, f));
  console.error(`Import cycle (${component.length} modules): ${loop.join(' → ')}`);
}
if (found.length > 0) {
  console.error(
    `\n${found.length} import cycle(s): modules must form layers; move what both sides need to a module both import.`,
  );
  process.exit(1);
}
console.log(`No import cycles among ${graph.size} modules.`);
