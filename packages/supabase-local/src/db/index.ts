// One database interface for the local stack, two engines behind it:
// embedded PGlite (default, data under .local/db) or any PostgreSQL (DATABASE_URL).
// The interface and what the engines share are in core.ts (engines import that, never
// this file); an engine is loaded only when it is used.
import type { Db } from './core.ts';

export async function openDb(opts: { databaseUrl?: string; dataDir?: string; socketPort?: number }): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir, opts.socketPort);
}
