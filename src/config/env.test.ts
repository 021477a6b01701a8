import { describe, expect, it } from 'vitest';
import { EnvError, LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL, parseEnv } from './env';

describe('parseEnv', () => {
  it('reads the Supabase URL and anon key', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co/', VITE_SUPABASE_ANON_KEY: 'key' })).toEqual({
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'key',
    });
  });

  it('names each missing variable when built for production', () => {
    expect(() => parseEnv({ DEV: false })).toThrow(EnvError);
    expect(() => parseEnv({ DEV: false })).toThrow(
      /VITE_SUPABASE_URL is not set[\s\S]*VITE_SUPABASE_ANON_KEY is not set/,
    );
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'not a url', VITE_SUPABASE_ANON_KEY: 'key' })).toThrow(
      'VITE_SUPABASE_URL must be a URL',
    );
  });

  it('falls back to the local stack in development', () => {
    expect(parseEnv({ DEV: true })).toEqual({
      supabaseUrl: LOCAL_SUPABASE_URL,
      supabaseAnonKey: LOCAL_SUPABASE_ANON_KEY,
    });
  });
});
