// `npm run test:deno`: the Deno tests of the edge functions (`*_test.ts` files
// next to a function or in supabase/functions/tests), run by `deno test` with the
// functions' deno.json and the permissions the functions get in the local stack.
// Extra arguments go to `deno test` (e.g. `npm run test:deno -- --filter cors`).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../supabase/local/config.ts';
import { functionsSettings } from '../supabase/local/functions/index.ts';

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
const files = testFiles(functionsDir);
if (files.length === 0) {
  process.stdout.write(`No Deno tests in ${path.relative(config.root, functionsDir)} yet.\n0 passed | 0 failed (no tests)\n`);
  process.exit(0);
}

const child = spawn(
  settings.denoBin,
  [
    'test',
    `--config=${settings.configFile}`,
    '--allow-net',
    '--allow-env',
    `--allow-read=${functionsDir},${settings.denoDir}`,
    ...process.argv.slice(2),
    functionsDir,
  ],
  {
    cwd: config.root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DENO_DIR: settings.denoDir,
      DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? 'system,mozilla',
      // The same variables a function sees in the local stack.
      SUPABASE_URL: process.env.SUPABASE_URL ?? config.apiUrl,
      SUPABASE_ANON_KEY: process.env.SUPABASE_ANON_KEY ?? config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: process.env.SUPABASE_SERVICE_ROLE_KEY ?? config.serviceRoleKey,
    },
  },
);
child.on('error', (e) => {
  console.error(`cannot run Deno (${settings.denoBin}): ${e.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
