// Before the end-to-end tests: a fresh local stack (PGlite, or PostgreSQL 15 with
// STACK_ENGINE=postgres) with the migrations and seed, and a production build of
// the app served by `vite preview`, pointed at that stack. The returned function
// stops both.
//
// A small control server on the control port lets a test take both down and bring
// them back on the same ports and data (POST /stop, POST /start), as when `npm start`
// is stopped and started again beside a screen that keeps playing.
import { createServer } from 'node:http';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { build, preview, type PreviewServer } from 'vite';
import { requireChromium } from '../support/chromium.ts';
import { startTestStack } from '../support/stack-process.ts';
import { e2ePorts } from './ports.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export default async function globalSetup(_config: FullConfig) {
  await requireChromium();
  const { basePort, appPort, controlPort } = e2ePorts();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const stack = await startTestStack({ basePort, name: `e2e-${basePort}`, env: { STACK_SITE_URL: appUrl } });
  let app: PreviewServer | null = null;
  try {
    const outDir = path.join(ROOT, '.local', 'e2e', `dist-${appPort}`);
    // Vite reads VITE_* from the process environment ahead of any .env file.
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = stack.env.ANON_KEY ?? DEFAULT_ANON_KEY;
    await build({ root: ROOT, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
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
