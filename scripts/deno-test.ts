// `npm run test:deno`: lints and type-checks every edge function (`deno lint`,
// `deno check`): this project's, with its deno.json, and the fixture functions of the
// Supabase emulator's conformance tests (packages/supabase-local/tests/project), with
// theirs; then
// runs the Deno tests of the edge functions (`*_test.ts` files next to a
// function or in supabase/functions/tests) with `deno test`, the functions'
// deno.json and the permissions the functions get in the local stack.
// Extra arguments go to `deno test` (e.g. `npm run test:deno -- --filter cors`).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FUNCTIONS_ROUTER, functionEntries, functionsSettings, loadConfig } from 'supabase-local';

const TEST_FILE = /(^|[._])test\.(ts|tsx|js|mjs)$/;

function testFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : testFiles(full);
    return TEST_FILE.test(e.name) ? [full] : [];
  });
}

const config = loadConfig();
const settings = functionsSettings(config, {});
const functionsDir = settings.dirs[0]!;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DENO_DIR: settings.denoDir,
  DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? 'system,mozilla',
  // The same variables a function sees in the local stack.
  SUPABASE_URL: process.env.SUPABASE_URL ?? config.apiUrl,
  SUPABASE_ANON_KEY: process.env.SUPABASE_ANON_KEY ?? config.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: process.env.SUPABASE_SERVICE_ROLE_KEY ?? config.serviceRoleKey,
};

function deno(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(settings.denoBin, args, { cwd: config.root, stdio: 'inherit', env });
    child.on('error', (e) => {
      console.error(`cannot run Deno (${settings.denoBin}): ${e.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// The emulator's fixture project: its functions are checked with its own deno.json.
const fixtures = functionsSettings(
  loadConfig({ SUPABASE_WORKDIR: path.join(config.root, 'packages', 'supabase-local', 'tests', 'project') }),
  {},
);
const fixturesDir = fixtures.dirs[0]!;

// Every function of each project with its deno.json, and the stack's Deno router with this project's.
for (const [dir, configFile, extra] of [
  [functionsDir, settings.configFile, [FUNCTIONS_ROUTER]],
  [fixturesDir, fixtures.configFile, []],
] as const) {
  if ((await deno(['lint', `--config=${configFile}`, dir])) !== 0) {
    console.error(`deno lint failed (${path.relative(config.root, dir)})`);
    process.exit(1);
  }
  if ((await deno(['check', `--config=${configFile}`, ...functionEntries([dir]), ...extra])) !== 0) {
    console.error(`deno check failed (${path.relative(config.root, dir)})`);
    process.exit(1);
  }
}

const files = testFiles(functionsDir);
if (files.length === 0) {
  process.stdout.write(
    `No Deno tests in ${path.relative(config.root, functionsDir)} yet.\n0 passed | 0 failed (no tests)\n`,
  );
  process.exit(0);
}
process.exit(
  await deno([
    'test',
    `--config=${settings.configFile}`,
    '--allow-net',
    '--allow-env',
    `--allow-read=${functionsDir},${settings.denoDir}`,
    ...process.argv.slice(2),
    functionsDir,
  ]),
);
