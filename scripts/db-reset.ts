// `npm run db:reset`: rebuilds the local database from scratch (platform SQL,
// every migration, seed) and empties stored files. With DATABASE_URL set, the
// project's schemas in that database are dropped and rebuilt instead.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, openDb, migrate } from 'supabase-local';
import { SUPABASE_DIR } from './paths.ts';

const config = loadConfig();
for (const dir of ['storage', 'storage-render-cache']) {
  rmSync(path.join(config.dataDir, dir), { recursive: true, force: true });
}
if (!config.databaseUrl) rmSync(path.join(config.dataDir, 'db'), { recursive: true, force: true });
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
try {
  if (config.databaseUrl) {
    await db.exec(`
      drop schema if exists public cascade;
      drop schema if exists private cascade;
      drop schema if exists auth cascade;
      drop schema if exists storage cascade;
      drop schema if exists supabase_migrations cascade;
      drop schema if exists _local_stack cascade;
      create schema public;
      grant all on schema public to postgres;
    `);
  }
  const r = await migrate(db, SUPABASE_DIR, (m) => console.log(`[db] ${m}`));
  console.log(`Database rebuilt (${db.kind}): ${r.applied.length} migrations applied${r.seeded ? ', seeded' : ''}.`);
  console.log('Seeded files are copied into storage the next time the stack starts.');
} finally {
  await db.close();
}
