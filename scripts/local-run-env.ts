// The environment of a local run (`npm start`, `npm run stack`, the test stacks), so that
// every address follows the ports the run uses.
import { loadConfig, type StackConfig } from 'supabase-local';

/** The variables localRunEnv() sets (a caller may clear them first to have them recomputed). */
export const LOCAL_RUN_VARIABLES = [
  'GOTRUE_SITE_URL',
  'GOTRUE_URI_ALLOW_LIST',
  'SUPABASE_PROJECT_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
] as const;

/**
 * Points everything that names an address at the ports this run uses (STACK_API_PORT,
 * APP_PORT, …): with an app port, Auth's site URL and redirect allow list follow it; Vault's
 * project_url and service_role_key ([db.vault] in config.toml) are the stack's own API and
 * key, so the database's jobs call this stack's functions, never another's on the same
 * machine. Variables already set are kept.
 */
export function localRunEnv(env: NodeJS.ProcessEnv, appPort?: number): StackConfig {
  if (appPort !== undefined || env.STACK_SITE_URL) {
    const appUrl = env.STACK_SITE_URL ?? `http://${env.STACK_HOST ?? '127.0.0.1'}:${appPort}`;
    const base = loadConfig(env);
    env.GOTRUE_SITE_URL ??= appUrl;
    const { port, hostname, protocol } = new URL(appUrl);
    env.GOTRUE_URI_ALLOW_LIST ??= [
      ...new Set([
        ...base.auth.additionalRedirectUrls,
        `${appUrl.replace(/\/+$/, '')}/**`,
        ...(hostname === '127.0.0.1' ? [`${protocol}//localhost:${port}/**`] : []),
      ]),
    ].join(',');
  }
  const config = loadConfig(env);
  env.SUPABASE_PROJECT_URL ??= config.apiUrl;
  env.SUPABASE_SERVICE_ROLE_KEY ??= config.serviceRoleKey;
  return config;
}
