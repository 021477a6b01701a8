// `npm start`: the local stack (database, REST, Auth with its inbox, Storage,
// Edge Functions) and the SPA's dev server, with every URL and the demo logins.
// Ctrl-C stops everything, child processes included.
import { createServer, type ViteDevServer } from 'vite';
import { PortInUseError, assertPortFree, printUrls, startStack, stopOnSignals, type StackConfig } from 'supabase-local';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import path from 'node:path';
import { localRunEnv } from './local-run-env.ts';

const APP_PORT = Number(process.env.APP_PORT ?? 5173);

export const DEMO_LOGINS = [
  { who: 'Admin (password, at /admin)', email: 'admin@example.com', password: 'demo-admin-pass' },
  { who: 'Customer Corner Cafe (link at /auth)', email: 'cafe@example.com', password: 'demo-customer-pass' },
  { who: 'Customer Peak Gym (link at /auth)', email: 'gym@example.com', password: 'demo-customer-pass' },
];

/**
 * Function secrets of a local run: the app's address (SITE_URL, for links in e-mails) and
 * the mail server edge functions send through (alert e-mails): the stack's own inbox,
 * unless supabase/functions/.env names a mail server of its own. On a hosted project these
 * are set with `supabase secrets set`.
 */
function writeLocalFunctionSecrets(config: StackConfig, appUrl: string): void {
  const own = path.join(config.root, 'supabase', 'functions', '.env');
  const ownSecrets = existsSync(own) ? parseEnv(readFileSync(own, 'utf8')) : {};
  const lines = [
    ...(ownSecrets.SITE_URL ? [] : [`SITE_URL=${appUrl}`]),
    ...(ownSecrets.SMTP_URL
      ? []
      : [`SMTP_URL=smtp://${config.host}:${config.smtpPort}`, 'EMAIL_FROM=Signage Portal <alerts@example.com>']),
  ];
  if (!lines.length) return;
  const file = path.join(config.dataDir, 'functions.env');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
  process.env.STACK_FUNCTIONS_ENV_FILE = [process.env.STACK_FUNCTIONS_ENV_FILE, file].filter(Boolean).join(',');
}

async function main() {
  const config = localRunEnv(process.env, APP_PORT);
  await assertPortFree(APP_PORT, config.host, 'web app');
  writeLocalFunctionSecrets(config, config.auth.siteUrl);
  const stack = await startStack({ config });
  let vite: ViteDevServer | undefined;
  const stop = async () => {
    await vite?.close().catch(() => undefined);
    await stack.stop();
  };
  stopOnSignals(stop);
  try {
    // The SPA talks to this stack; an .env file may point it elsewhere.
    process.env.VITE_SUPABASE_URL ??= config.apiUrl;
    process.env.VITE_SUPABASE_ANON_KEY ??= config.anonKey;
    vite = await createServer({ server: { port: APP_PORT, host: config.host, strictPort: true } });
    await vite.listen();
  } catch (e) {
    await stop();
    throw e;
  }
  console.log('\nSignage Portal is running:');
  printUrls(stack, (l) => console.log(l));
  console.log(`  Web app           http://${config.host}:${APP_PORT}`);
  console.log('\nDemo logins (customers also receive sign-in links in the inbox above):');
  for (const l of DEMO_LOGINS) console.log(`  ${l.who.padEnd(38)} ${l.email} / ${l.password}`);
  console.log('\nPress Ctrl-C to stop.');
}

main().catch((e) => {
  console.error(e instanceof PortInUseError ? e.message : e);
  process.exit(1);
});
