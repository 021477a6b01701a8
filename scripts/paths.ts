// Where the project's parts are, for the scripts and tests.
import path from 'node:path';

/** The repository: the project folder, whose supabase/ the Supabase CLI and the local stack read. */
export const ROOT = path.resolve(import.meta.dirname, '..');
/** What deploys with the Supabase CLI: config.toml, migrations/, functions/, seed, schemas/. */
export const SUPABASE_DIR = path.join(ROOT, 'supabase');
