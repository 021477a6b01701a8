// Regenerates src/types/database.ts with Supabase's own type generator
// (@supabase/postgres-meta), run against a throwaway PostgreSQL 15 that has the
// platform SQL and every migration applied. `npm run gen:types`.
// With DB_URL set, generates from that database instead and starts nothing.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrate, openDb } from 'supabase-local';
import { startCluster } from 'supabase-local/testing';
import { ROOT, SUPABASE_DIR } from './paths.ts';

const run = promisify(execFile);
export const TYPES_FILE = path.join(ROOT, 'src', 'types', 'database.ts');
const GENERATOR = path.join(ROOT, 'node_modules', '@supabase', 'postgres-meta', 'dist', 'server', 'server.js');

/** The TypeScript types of the public schema of the database at `dbUrl`, as `supabase gen types` prints them. */
export async function generateTypes(dbUrl: string): Promise<string> {
  const { stdout } = await run(process.execPath, [GENERATOR], {
    cwd: ROOT,
    env: {
      ...process.env,
      PG_META_DB_URL: dbUrl,
      PG_META_GENERATE_TYPES: 'typescript',
      PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
      PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/**
 * Types generated from a new PostgreSQL 15 cluster on `port` (data under `dir`,
 * relative to the project) with the platform SQL and every migration applied.
 */
export async function generateFromMigrations(port: number, dir: string): Promise<string> {
  const cluster = startCluster(path.resolve(ROOT, dir), port);
  try {
    const db = await openDb({ databaseUrl: cluster.url });
    try {
      await migrate(db, SUPABASE_DIR);
    } finally {
      await db.close();
    }
    return await generateTypes(cluster.url);
  } finally {
    cluster.stop();
  }
}

async function main(): Promise<void> {
  const port = Number(process.env.GEN_TYPES_PG_PORT ?? 55490);
  const types = process.env.DB_URL
    ? await generateTypes(process.env.DB_URL)
    : await generateFromMigrations(port, path.join('.local', `gen-types-pg-${port}`));
  writeFileSync(TYPES_FILE, types);
  process.stdout.write(`wrote ${path.relative(ROOT, TYPES_FILE)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
