// What is generated from the migrations must be what the generators make from them now:
// src/types/database.ts (`npm run gen:types`, Supabase's type generator) and the schema
// snapshot in supabase/schemas/ (`npm run gen:schema`). A migration changed without
// regenerating fails here. One throwaway PostgreSQL 15 cluster serves both, once per run
// (on the PostgreSQL engine's pass: neither depends on the engine under test).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCluster } from 'supabase-local/testing';
import { ENGINE, portAbove } from 'supabase-local/testing/vitest';
import { readSchemaFiles, schemaFiles } from '../../scripts/gen-schema.ts';
import { TYPES_FILE, generateTypes } from '../../scripts/gen-types.ts';

describe.skipIf(ENGINE !== 'postgres')('generated from the migrations', () => {
  it('src/types/database.ts and supabase/schemas/ match them (run `npm run gen:types` and `npm run gen:schema`)', async () => {
    const port = portAbove(20);
    const cluster = startCluster(path.resolve(import.meta.dirname, '..', '..', '.local', `generated-check-${port}`), port);
    try {
      const schema = await schemaFiles(cluster);
      const types = await generateTypes(cluster.url);
      expect(readFileSync(TYPES_FILE, 'utf8')).toBe(types);
      expect([...readSchemaFiles().keys()]).toEqual([...schema.keys()]);
      for (const [file, sql] of schema) expect(readSchemaFiles().get(file), file).toBe(sql);
    } finally {
      cluster.stop();
    }
  }, 180_000);
});
