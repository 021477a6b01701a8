// src/types/database.ts must be what Supabase's generator produces from the
// migrations now: a migration changed without `npm run gen:types` fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TYPES_FILE, generateFromMigrations } from '../../scripts/gen-types.ts';

describe('generated database types', () => {
  it('src/types/database.ts matches the migrations (run `npm run gen:types` to update it)', async () => {
    const port = Number(process.env.TEST_BASE_PORT ?? 54420) + 20;
    const fresh = await generateFromMigrations(port, path.join('.local', `types-check-${port}`));
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(fresh);
  }, 120_000);
});
