// The local Supabase-compatible stack: database, REST, Auth (with a local
// inbox), Storage, Edge Functions and Realtime behind one gateway on 127.0.0.1:54321.
// `npx tsx supabase/local/main.ts` runs it alone; scripts/start.ts runs it with the SPA.
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadConfig, type StackConfig } from './config.ts';
import type { Db } from './db/core.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { signingKeyId } from './http/jwt.ts';
import { createHttpServer, gatewayClientAddress, type Services, type StackContext } from './http/server.ts';
import { createRestService } from './rest/index.ts';
import { createAuthService } from './auth/index.ts';
import { createStorageService } from './storage/index.ts';
import { createFunctionsService } from './functions/index.ts';
import { createRealtimeService } from './realtime/index.ts';
import { startInbox, type Inbox } from './mail/inbox.ts';
import { CronScheduler } from './cron/scheduler.ts';
import { NetWorker } from './net/worker.ts';
import path from 'node:path';
import { readFileSync } from 'node:fs';

export interface RunningStack {
  config: StackConfig;
  db: Db;
  urls: Record<string, string>;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly what: string,
  ) {
    super(
      `Port ${port} (${what}) is already in use. Stop the program using it, or choose another port with the environment variable shown in README.md.`,
    );
  }
}

/** Fails early, naming the port, when something already listens there. */
export function assertPortFree(port: number, host: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => {
      reject(e.code === 'EADDRINUSE' ? new PortInUseError(port, what) : e);
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export interface StartOptions {
  config?: StackConfig;
  log?: (line: string) => void;
  /** Expose the embedded database on config.dbPort for tools (default true). */
  dbSocket?: boolean;
}

export async function startStack(opts: StartOptions = {}): Promise<RunningStack> {
  const config = opts.config ?? loadConfig();
  const log = opts.log ?? ((l: string) => console.log(l));
  const withSocket = opts.dbSocket ?? true;

  await assertPortFree(config.apiPort, config.host, 'API gateway');
  await assertPortFree(config.inboxPort, config.host, 'e-mail inbox');
  await assertPortFree(config.smtpPort, config.host, 'SMTP');
  if (!config.databaseUrl && withSocket) await assertPortFree(config.dbPort, config.host, 'database');

  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    socketPort: !config.databaseUrl && withSocket ? config.dbPort : undefined,
  });
  const stoppers: (() => Promise<void>)[] = [() => db.close()];
  try {
    const result = await migrate(db, config.supabaseDir, (m) => log(`[db] ${m}`), { vault: config.vault });
    if (result.created) log(`[db] new ${db.kind} database ready${result.seeded ? ' (seeded)' : ''}`);
    // Test stacks may add fixtures of their own (STACK_FIXTURES: SQL files run after the seed, never migrations).
    if (result.created && process.env.STACK_FIXTURES) {
      for (const file of process.env.STACK_FIXTURES.split(',').filter(Boolean)) {
        await db.exec(readFileSync(file, 'utf8'));
      }
    }

    const inbox: Inbox = await startInbox(config);
    stoppers.unshift(() => inbox.close());

    const ctx: StackContext = { config, db };
    const realtime = config.realtime.enabled ? await createRealtimeService(ctx) : undefined;
    const services: Services = {
      rest: await createRestService(ctx),
      auth: await createAuthService(ctx),
      storage: await createStorageService(ctx),
      functions: await createFunctionsService(ctx),
      realtime,
    };
    for (const s of Object.values(services)) if (s?.close) stoppers.unshift(() => s.close!());

    const server = createHttpServer(ctx, services);
    server.on('upgrade', (req, socket, head) => {
      gatewayClientAddress(req, server.trusted);
      if (realtime && (req.url ?? '').startsWith('/realtime/v1/')) return realtime.upgrade(req, socket, head);
      const body = JSON.stringify({ message: 'no Route matched with those values' });
      socket.end(
        `HTTP/1.1 404 Not Found\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    const sockets = new Set<net.Socket>();
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.apiPort, config.host, () => resolve());
    });
    stoppers.unshift(
      () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    );

    // pg_cron's scheduler and pg_net's worker start once the gateway answers: a job
    // or a request may call the stack itself (an edge function, say).
    const scheduler = new CronScheduler(db, (l) => log(`[cron] ${l}`));
    const netWorker = new NetWorker(db, (l) => log(`[net] ${l}`));
    await scheduler.start();
    stoppers.unshift(() => scheduler.stop());
    await netWorker.start();
    stoppers.unshift(() => netWorker.stop());

    const urls = {
      'API URL': config.apiUrl,
      'REST URL': `${config.apiUrl}/rest/v1`,
      'Auth URL': `${config.apiUrl}/auth/v1`,
      'Storage URL': `${config.apiUrl}/storage/v1`,
      'Functions URL': `${config.apiUrl}/functions/v1`,
      ...(realtime ? { 'Realtime URL': `${config.apiUrl.replace(/^http/, 'ws')}/realtime/v1` } : {}),
      'Inbox URL': `http://${config.host}:${config.inboxPort}`,
      'DB URL': db.url ?? '(embedded, no socket)',
    };
    let stopped = false;
    return {
      config,
      db,
      urls,
      async stop() {
        if (stopped) return;
        stopped = true;
        for (const stop of stoppers) await stop().catch((e) => console.error('[stack] stop:', e));
      },
    };
  } catch (e) {
    for (const stop of stoppers) await stop().catch(() => undefined);
    throw e;
  }
}

export function printUrls(stack: RunningStack, log: (l: string) => void = console.log): void {
  const width = Math.max(...Object.keys(stack.urls).map((k) => k.length));
  for (const [k, v] of Object.entries(stack.urls)) log(`  ${k.padEnd(width)}  ${v}`);
  log(`  ${'anon key'.padEnd(width)}  ${stack.config.anonKey}`);
  log(`  ${'service_role key'.padEnd(width)}  ${stack.config.serviceRoleKey}`);
  const signing = signingKeyId(stack.config.jwtSecret);
  if (signing) log(`  ${'sessions signed'.padEnd(width)}  ${signing.alg}, kid ${signing.kid}`);
}

/** Stops on SIGINT/SIGTERM, once. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  startStack()
    .then((stack) => {
      console.log('Local stack running:');
      printUrls(stack);
      stopOnSignals(stack.stop);
      if (process.send) process.send({ ready: true, urls: stack.urls });
    })
    .catch((e) => {
      console.error(e instanceof PortInUseError ? e.message : e);
      process.exit(1);
    });
}
