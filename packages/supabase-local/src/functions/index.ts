// Edge Functions (/functions/v1): one Deno process (router.ts) serves every
// function in supabase/functions/<name>/index.ts, as Supabase's edge runtime
// does. This side supervises that process (starts it, restarts it when it dies
// or when a function file changes, kills it on close) and proxies requests to
// it after the runtime's verify_jwt check.
//
// Environment:
//   STACK_FUNCTIONS_DIRS       extra folders of functions, comma-separated (test fixtures)
//   STACK_FUNCTIONS_ENV_FILE   a dotenv file of secrets, read after supabase/functions/.env
//   STACK_FUNCTIONS_NO_VERIFY  function names served without JWT verification, comma-separated
//   STACK_FUNCTIONS_TIMEOUT_MS wall-clock limit of a request before it answers 504 (default 150 s)
//   STACK_FUNCTIONS_WATCH=0    do not restart the runtime when a function file changes
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { sendJson, type Service, type StackContext } from '../http/server.ts';
import { jwtRefusal, proxyToRuntime } from './proxy.ts';
import { DenoRuntime, denoEnv, functionsSettings, killChild, logErr, WARM_WAIT_MS, warmCache } from './supervisor.ts';

export async function createFunctionsService(ctx: StackContext): Promise<Service> {
  const settings = functionsSettings(ctx.config);
  const env = () => denoEnv(ctx, settings);
  const runtime = new DenoRuntime(settings, env);
  const warm = warmCache(settings, env());
  let warmed = false;
  const warmedOrLate = Promise.race([warm.done, new Promise<void>((r) => setTimeout(r, WARM_WAIT_MS).unref())]).then(
    () => {
      warmed = true;
    },
  );
  // The stack starts even when Deno cannot: requests then answer 503 and retry the start.
  await runtime.port().catch((e: Error) => logErr(e.message));

  // Like `supabase functions serve`: an edited function is served fresh.
  const watchers: FSWatcher[] = [];
  let restartTimer: NodeJS.Timeout | undefined;
  for (const dir of settings.watch ? settings.dirs : []) {
    if (!existsSync(dir)) continue;
    try {
      const w = watch(dir, { recursive: true }, (_event, file) => {
        if (file && !/\.(ts|tsx|js|mjs|json)$|(^|\/)\.env/.test(file)) return;
        clearTimeout(restartTimer);
        restartTimer = setTimeout(() => void runtime.restart(`${file ?? dir} changed`), 200);
      });
      w.on('error', () => undefined);
      watchers.push(w);
    } catch {
      // watching is a convenience; without it edits need a restart
    }
  }

  const verify = (name: string) => !settings.noVerify.has(name) && (ctx.config.functions[name]?.verifyJwt ?? true);

  return {
    async handle(req, res) {
      const name = req.path.split('/')[1] ?? '';
      if (req.method !== 'OPTIONS' && verify(name)) {
        const refusal = await jwtRefusal(req, ctx.config.jwtSecret);
        if (refusal) return sendJson(res, 401, { msg: refusal });
      }
      if (!warmed) await warmedOrLate;
      let port: number;
      try {
        port = await runtime.port();
      } catch (e) {
        logErr((e as Error).message);
        return sendJson(res, 503, { msg: 'Error: the function runtime is not available' });
      }
      await proxyToRuntime(req, res, port, runtime, settings.timeoutMs);
    },
    async close() {
      clearTimeout(restartTimer);
      for (const w of watchers) w.close();
      if (warm.child) await killChild(warm.child);
      await runtime.stop();
    },
  };
}
