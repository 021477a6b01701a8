// The app's configuration, read once from Vite's import.meta.env (VITE_* variables,
// from the environment or an .env file) and checked with zod.
//
// Development fallback: when the app runs under the dev server (import.meta.env.DEV)
// and a variable is not set, the local stack's defaults below are used, so `npm start`
// works without an .env file. Production builds (`vite build`) never fall back: a
// missing variable stops the app with a message naming it.
import { z } from 'zod';

/** The local stack's gateway and its public anon key (Supabase CLI demo values, not secrets). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const envSchema = z.object({
  VITE_SUPABASE_URL: z.url({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'VITE_SUPABASE_URL is not set. Set it to your Supabase project URL (see .env.example).'
        : `VITE_SUPABASE_URL must be a URL such as ${LOCAL_SUPABASE_URL}, not ${JSON.stringify(issue.input)}.`,
  }),
  VITE_SUPABASE_ANON_KEY: z
    .string({
      error: 'VITE_SUPABASE_ANON_KEY is not set. Set it to your project’s anon (public) key (see .env.example).',
    })
    .min(1, {
      error: 'VITE_SUPABASE_ANON_KEY is empty. Set it to your project’s anon (public) key (see .env.example).',
    }),
});

export interface Env {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** Raised when the configuration is incomplete; its message names every problem. */
export class EnvError extends Error {
  override name = 'EnvError';
}

type RawEnv = Partial<Record<'VITE_SUPABASE_URL' | 'VITE_SUPABASE_ANON_KEY', string>> & { DEV?: boolean };

export function parseEnv(raw: RawEnv): Env {
  const withDefaults = {
    VITE_SUPABASE_URL: raw.VITE_SUPABASE_URL || (raw.DEV ? LOCAL_SUPABASE_URL : undefined),
    VITE_SUPABASE_ANON_KEY: raw.VITE_SUPABASE_ANON_KEY || (raw.DEV ? LOCAL_SUPABASE_ANON_KEY : undefined),
  };
  const result = envSchema.safeParse(withDefaults);
  if (!result.success) {
    throw new EnvError(
      `The app is not configured:\n${result.error.issues.map((issue) => `- ${issue.message}`).join('\n')}`,
    );
  }
  return {
    supabaseUrl: result.data.VITE_SUPABASE_URL.replace(/\/+$/, ''),
    supabaseAnonKey: result.data.VITE_SUPABASE_ANON_KEY,
  };
}

export const env: Env = parseEnv(import.meta.env);
