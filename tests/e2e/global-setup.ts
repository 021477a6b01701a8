// Before the end-to-end tests: a fresh local stack (PGlite, or PostgreSQL 15 with
// STACK_ENGINE=postgres) with the migrations and seed, and a production build of
// the app served by `vite preview`, pointed at that stack. The returned function
// stops both.
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { build, preview } from 'vite';
import { requireChromium } from '../support/chromium.ts';
import { startTestStack } from '../support/stack-process.ts';
import { e2ePorts } from './ports.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export default async function globalSetup(_config: FullConfig) {
  await requireChromium();
  const { basePort, appPort } = e2ePorts();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const stack = await startTestStack({ basePort, name: `e2e-${basePort}`, env: { STACK_SITE_URL: appUrl } });
  try {
    const outDir = path.join(ROOT, '.local', 'e2e', `dist-${appPort}`);
    // Vite reads VITE_* from the process environment ahead of any .env file.
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = stack.env.ANON_KEY ?? DEFAULT_ANON_KEY;
    await build({ root: ROOT, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const server = await preview({
      root: ROOT,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: appPort, strictPort: true },
    });
    return async () => {
      await server.close();
      await stack.stop();
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** The local stack's anon key (Supabase CLI demo value), used unless the stack was given another. */
const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
