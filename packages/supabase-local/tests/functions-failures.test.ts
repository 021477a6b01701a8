// Edge functions that fail: a thrown error, a crash of the whole runtime and a
// request that never answers. The stack stays up and the next call succeeds.
// Test stacks limit a request to 8 s (STACK_FUNCTIONS_TIMEOUT_MS in testing/stack-process.ts).
import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anon, http } from 'supabase-local/testing/vitest';

async function echoWorks(): Promise<void> {
  const { data, error } = await anon().functions.invoke<{ body: unknown }>('echo', { body: { again: true } });
  expect(error).toBeNull();
  expect(data?.body).toEqual({ again: true });
}

describe('failing functions', () => {
  it('answers 500 with the error message, without a stack trace, when a handler throws', async () => {
    const r = await http('/functions/v1/throws', { method: 'POST' });
    expect(r.status).toBe(500);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await r.text();
    expect(JSON.parse(text)).toEqual({ error: 'the fixture failed on purpose' });
    expect(text).not.toMatch(/index\.ts|\bat\s/);

    const { error } = await anon().functions.invoke('throws');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(500);
    await echoWorks();
  });

  it('answers 5xx when a function takes the runtime down, and serves the next call', async () => {
    const r = await http('/functions/v1/crash', { method: 'POST' });
    expect(r.status).toBeGreaterThanOrEqual(500);
    expect(await r.json()).toHaveProperty('msg');
    await echoWorks();
  });

  it('answers 504 when a function does not answer in time, and keeps serving', async () => {
    const started = Date.now();
    const r = await http('/functions/v1/hang', { method: 'POST' });
    expect(r.status).toBe(504);
    expect(await r.json()).toEqual({ msg: 'Function timed out' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(7_500);
    await echoWorks();
  }, 20_000);

  it('replaces the runtime when a function blocks it, and keeps serving', async () => {
    const r = await http('/functions/v1/spin', { method: 'POST' });
    expect(r.status).toBe(504);
    await echoWorks();
  }, 25_000);
});
