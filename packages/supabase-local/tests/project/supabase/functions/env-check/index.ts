// Reports which environment variables the function sees.
import { json, preflight } from '../_shared/respond.ts';

Deno.serve((req) => {
  const early = preflight(req);
  if (early) return early;
  const get = (k: string) => Deno.env.get(k) ?? null;
  return json({
    SUPABASE_URL: get('SUPABASE_URL'),
    SUPABASE_ANON_KEY: get('SUPABASE_ANON_KEY'),
    SUPABASE_SERVICE_ROLE_KEY: get('SUPABASE_SERVICE_ROLE_KEY'),
    SUPABASE_DB_URL: get('SUPABASE_DB_URL'),
    SUPABASE_PUBLISHABLE_KEYS: JSON.parse(get('SUPABASE_PUBLISHABLE_KEYS') ?? 'null'),
    SUPABASE_SECRET_KEYS: JSON.parse(get('SUPABASE_SECRET_KEYS') ?? 'null'),
    FIXTURE_SECRET: get('FIXTURE_SECRET'),
    DATABASE_URL: get('DATABASE_URL'),
  });
});
