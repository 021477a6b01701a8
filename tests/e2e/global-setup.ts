// Before the end-to-end tests: a fresh local stack (PGlite, or PostgreSQL 15 with
// STACK_ENGINE=postgres) with the migrations and seed, and a production build of
// the app served by `vite preview`, pointed at that stack. The returned function
// stops both.
//
// A small control server on the control port lets a test take both down and bring
// them back on the same ports and data (POST /stop, POST /start), as when `npm start`
// is stopped and started again beside a screen that keeps playing.
//
// The run's stack signs sessions with an RS256 key of its own, as a project with JWT
// signing keys does: a key file as `supabase gen signing-key --algorithm RS256` writes
// it, made here and read through [auth] signing_keys_path's semantics
// (STACK_SIGNING_KEYS_PATH), so every test runs on RS256 sessions (signing-keys.spec.ts
// checks the browser's). The stack suite keeps the CLI's default ES256 key.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { exportJWK, generateKeyPair } from 'jose';
import { build, preview, type PreviewServer } from 'vite';
import { requireChromium } from '../support/chromium.ts';
import { startProductStack } from '../support/product-stack.ts';
import { e2ePorts } from './ports.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A new RS256 signing key in a file, as `supabase gen signing-key --algorithm RS256` writes it. */
async function writeSigningKey(file: string): Promise<void> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const { kty, ...material } = await exportJWK(privateKey);
  const key = { kty, kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg: 'RS256', ext: true, ...material };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify([key], null, 2)}\n`, { mode: 0o600 });
}

export default async function globalSetup(_config: FullConfig) {
  await requireChromium();
  const { basePort, appPort, controlPort } = e2ePorts();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const signingKeys = path.join(ROOT, '.local', 'e2e', `signing-keys-${basePort}.json`);
  await writeSigningKey(signingKeys);
  // The tests read the key's kid from the file (signing-keys.spec.ts).
  process.env.E2E_SIGNING_KEYS_PATH = signingKeys;
  const stack = await startProductStack({
    basePort,
    name: `e2e-${basePort}`,
    env: { STACK_SITE_URL: appUrl, STACK_SIGNING_KEYS_PATH: signingKeys },
  });
  let app: PreviewServer | null = null;
  try {
    const outDir = path.join(ROOT, '.local', 'e2e', `dist-${appPort}`);
    // Vite reads VITE_* from the process environment ahead of any .env file.
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = stack.env.ANON_KEY ?? DEFAULT_ANON_KEY;
    // One `npm test` run builds the app once per address: a later suite on the same ports (the
    // timing specs, after the first half) serves the build the run already made for them.
    const stampFile = path.join(outDir, '.build-stamp.json');
    const stamp = JSON.stringify({
      run: process.env.E2E_BUILD_RUN ?? randomUUID(),
      url: process.env.VITE_SUPABASE_URL,
      key: process.env.VITE_SUPABASE_ANON_KEY,
    });
    if (!process.env.E2E_BUILD_RUN || !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
      await build({ root: ROOT, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
      writeFileSync(stampFile, stamp);
    }
    const serveApp = () =>
      preview({
        root: ROOT,
        logLevel: 'warn',
        build: { outDir },
        preview: { host: '127.0.0.1', port: appPort, strictPort: true },
      });
    app = await serveApp();

    // One change at a time: a stop waits for a start still under way, and the reverse.
    let pending = Promise.resolve();
    const control = createServer((request, response) => {
      const action =
        request.method !== 'POST'
          ? null
          : request.url === '/stop'
            ? async () => {
                await app?.close();
                app = null;
                await stack.halt();
              }
            : request.url === '/start'
              ? async () => {
                  await stack.resume();
                  app ??= await serveApp();
                }
              : null;
      if (!action) {
        response.writeHead(404).end();
        return;
      }
      pending = pending.then(action).then(
        () => void response.writeHead(204).end(),
        (error: unknown) => void response.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve, reject) => {
      control.once('error', reject);
      control.listen(controlPort, '127.0.0.1', () => resolve());
    });
    return async () => {
      await new Promise((resolve) => control.close(resolve));
      await pending;
      await app?.close();
      await stack.stop();
    };
  } catch (error) {
    await app?.close();
    await stack.stop();
    throw error;
  }
}

/** The local stack's anon key (Supabase CLI demo value), used unless the stack was given another. */
const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
