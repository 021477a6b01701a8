// Brings a database to the project's state: the platform SQL (re-applied when
// it changes), then supabase/migrations/*.sql not yet applied, in order, then
// supabase/seed.sql on a new database. Tracked in supabase_migrations.schema_migrations,
// the table the Supabase CLI uses, so `supabase db push` and this agree.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './core.ts';
import { literal } from './sql.ts';

const LOCAL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The platform SQL, applied in this order as one script: platform.sql, then the
 * extensions a hosted project has that the engines lack (see extension-stand-in.sql).
 */
export const PLATFORM_FILES = [
  'platform.sql',
  'db/extension-stand-in.sql',
  'cron/pg_cron.sql',
  'net/pg_net.sql',
  'vault/supabase_vault.sql',
].map((f) => path.join(LOCAL_DIR, f));

export interface MigrateResult {
  created: boolean;
  applied: string[];
  seeded: boolean;
}

export interface Migration {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(supabaseDir: string): Migration[] {
  const dir = path.join(supabaseDir, 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version: version!, name: name!, file: path.join(dir, f) };
    });
}

export interface MigrateOptions {
  /**
   * [db.vault] of config.toml: secrets upserted into Vault before the migrations run, as
   * the Supabase CLI does on `supabase start` and `supabase db push` (pkg/vault/batch.go
   * UpsertVaultSecrets). A value `env(NAME)` is read from the environment; one whose
   * variable is unset is left out, with a warning, as the CLI leaves it.
   */
  vault?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
}

const ENV_REFERENCE = /^env\((\w+)\)$/;

/** The [db.vault] secrets whose values are known: env(NAME) read from `env`, others as written. */
export function resolveVaultSecrets(
  vault: Record<string, string>,
  env: NodeJS.ProcessEnv,
  warn: (m: string) => void = () => {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(vault)) {
    const ref = ENV_REFERENCE.exec(raw.trim());
    const value = ref ? env[ref[1]!] : raw;
    if (value === undefined || value === '') {
      warn(`WARN: environment variable is unset: ${ref?.[1] ?? name} (Vault secret ${name} left as it is)`);
      continue;
    }
    out[name] = value;
  }
  return out;
}

/** Creates or updates each secret by name (vault.create_secret / vault.update_secret). */
export async function upsertVaultSecrets(db: Db, secrets: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(secrets)) {
    const { rows } = await db.query<{ id: string }>(`select id::text from vault.secrets where name = $1`, [name]);
    if (rows[0]) await db.query(`select vault.update_secret($1::uuid, $2)`, [rows[0].id, value]);
    else await db.query(`select vault.create_secret($1, $2)`, [value, name]);
  }
}

export async function migrate(
  db: Db,
  supabaseDir: string,
  log: (m: string) => void = () => {},
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const platform = PLATFORM_FILES.map((f) => readFileSync(f, 'utf8')).join('\n;\n');
  const platformHash = createHash('sha256').update(platform).digest('hex');

  const { rows } = await db.query<{ exists: boolean }>(
    `select exists (select 1 from pg_namespace where nspname = '_local_stack') as exists`,
  );
  const created = !rows[0]?.exists;
  let currentHash: string | undefined;
  if (!created) {
    const r = await db.query<{ value: string }>(`select value from _local_stack.meta where key = 'platform_hash'`);
    currentHash = r.rows[0]?.value;
  }
  if (currentHash !== platformHash) {
    log(created ? 'creating platform schemas' : 'updating platform schemas');
    await db.exec(
      `${platform}
      create schema if not exists _local_stack;
      create table if not exists _local_stack.meta (key text primary key, value text not null);
      insert into _local_stack.meta values ('platform_hash', '${platformHash}')
        on conflict (key) do update set value = excluded.value;`,
    );
  }

  // As `supabase start`: Vault secrets first, so migrations and the seed may read them.
  const secrets = resolveVaultSecrets(options.vault ?? {}, options.env ?? process.env, log);
  if (Object.keys(secrets).length) {
    log(`updating vault secrets: ${Object.keys(secrets).join(', ')}`);
    await upsertVaultSecrets(db, secrets);
  }

  const applied: string[] = [];
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  for (const m of listMigrations(supabaseDir)) {
    if (done.has(m.version)) continue;
    log(`applying migration ${m.version}_${m.name}`);
    const sql = readFileSync(m.file, 'utf8');
    try {
      await db.exec(
        `${sql}
        ;insert into supabase_migrations.schema_migrations (version, name, statements)
          values (${literal(m.version)}, ${literal(m.name)}, array[]::text[]);`,
      );
    } catch (e) {
      throw new Error(`migration ${path.basename(m.file)} failed: ${(e as Error).message}`, { cause: e });
    }
    applied.push(m.version);
  }

  let seeded = false;
  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (created && existsSync(seedFile)) {
    log('seeding');
    try {
      await db.exec(readFileSync(seedFile, 'utf8'));
    } catch (e) {
      throw new Error(`seed.sql failed: ${(e as Error).message}`, { cause: e });
    }
    seeded = true;
  }
  if (applied.length || currentHash !== platformHash) {
    // PostgREST reloads its schema cache on DDL (NOTIFY pgrst); the stack listens for this.
    await db.query(`select pg_notify('pgrst', 'reload schema')`).catch(() => undefined);
  }
  return { created, applied, seeded };
}
