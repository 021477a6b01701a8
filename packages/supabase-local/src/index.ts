// supabase-local: Supabase's services for a project folder, on one machine, without Docker.
// What a program embedding it uses; `supabase-local` (src/main.ts) runs it from a shell.
export {
  assertPortFree,
  PortInUseError,
  printUrls,
  startStack,
  stopOnSignals,
  type RunningStack,
  type StartOptions,
} from './main.ts';
export {
  DEFAULT_ANON_KEY,
  DEFAULT_JWT_SECRET,
  DEFAULT_PUBLISHABLE_KEY,
  DEFAULT_SECRET_KEY,
  DEFAULT_SERVICE_ROLE_KEY,
  findProjectDir,
  loadConfig,
  type StackConfig,
} from './config.ts';
export { openDb } from './db/index.ts';
export type { Db, RequestScope, Tx } from './db/core.ts';
export { migrate, type MigrateOptions, type MigrateResult } from './db/migrate.ts';
export { denoBinary, functionEntries, functionsSettings, ROUTER as FUNCTIONS_ROUTER } from './functions/supervisor.ts';
/** The file to run the stack from a shell or a child process (`tsx <it>`). */
export const MAIN_FILE = new URL('./main.ts', import.meta.url).pathname;
export type { SigningJwk } from './http/jwt.ts';
