// Edge functions through /functions/v1: routing, what a function receives,
// verify_jwt, preflight, environment, and calling back into the stack.
// The functions are the fixture project's (tests/project/supabase/functions).
import { FunctionsHttpError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  anon,
  ANON_KEY,
  asUser,
  client,
  http,
  service,
  SERVICE_ROLE_KEY,
  signToken,
  STACK_URL,
} from 'supabase-local/testing/vitest';
import { SITE_URL } from './support/fixture-project.ts';

const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
const FIRST_OWNER = '0f0f0f0f-0000-4000-8000-000000000001';
/** The fixture functions' own list (supabase/functions/_shared/respond.ts of the fixture project). */
const FUNCTION_CORS_HEADERS = 'authorization, x-client-info, apikey, content-type';

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  apikey: string | null;
  contentType: string | null;
  body: unknown;
}

describe('invoking a function', () => {
  it('passes a JSON body and the caller’s Authorization to the function', async () => {
    const { data, error } = await anon().functions.invoke<Echo>('echo', { body: { screen: 'Lobby', slides: 3 } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      authorization: `Bearer ${ANON_KEY}`,
      apikey: ANON_KEY,
      contentType: 'application/json',
      body: { screen: 'Lobby', slides: 3 },
    });
  });

  it('shows a signed-in user’s access token to the function', async () => {
    const token = await signToken({ sub: FIRST_OWNER });
    const { data, error } = await client(ANON_KEY, token).functions.invoke<Echo>('echo', { body: { a: 1 } });
    expect(error).toBeNull();
    expect(data?.authorization).toBe(`Bearer ${token}`);
  });

  it('maps a publishable key to the anon JWT, as the gateway does', async () => {
    const { data, error } = await client(PUBLISHABLE_KEY).functions.invoke<Echo>('echo', { body: { a: 1 } });
    expect(error).toBeNull();
    expect(data?.authorization).toBe(`Bearer ${ANON_KEY}`);
  });

  it('forwards method, sub-path, query string and a text body unchanged', async () => {
    const r = await http('/functions/v1/echo/screens/42?page=2&sort=name', {
      method: 'PUT',
      body: 'plain words',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      method: 'PUT',
      path: '/echo/screens/42',
      query: { page: '2', sort: 'name' },
      contentType: 'text/plain',
      body: 'plain words',
    });
  });

  it('returns the function’s own status, headers and body', async () => {
    const r = await http('/functions/v1/echo?status=418');
    expect(r.status).toBe(418);
    expect(r.headers.get('x-echo')).toBe('yes');
    expect(await r.text()).toBe('custom');

    const { data, error } = await anon().functions.invoke('echo?status=418', { method: 'GET' });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(418);
  });

  it('streams the response as the function writes it', async () => {
    const started = Date.now();
    const r = await http('/functions/v1/stream');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    const reader = r.body!.getReader();
    const first = await reader.read();
    const firstAt = Date.now() - started;
    let text = new TextDecoder().decode(first.value);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += new TextDecoder().decode(chunk.value);
    const doneAt = Date.now() - started;
    expect(text).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
    // The first event arrives before the function has finished writing.
    expect(doneAt - firstAt).toBeGreaterThanOrEqual(500);
  });

  it('runs EdgeRuntime.waitUntil work after the response', async () => {
    const task = `task-${Date.now()}`;
    const { data, error } = await anon().functions.invoke('background', { body: { task } });
    expect(error).toBeNull();
    expect(data).toEqual({ accepted: task });
    const before = await anon().functions.invoke<{ finished: string[] }>('background', { method: 'GET' });
    // The work takes a second: longer than the next request, even on a loaded machine.
    expect(before.data?.finished).not.toContain(task);
    await new Promise((r) => setTimeout(r, 1500));
    const after = await anon().functions.invoke<{ finished: string[] }>('background', { method: 'GET' });
    expect(after.data?.finished).toContain(task);
  });

  it('answers 404 for a function that does not exist, and for shared code', async () => {
    for (const name of ['no-such-function', '_shared']) {
      const r = await http(`/functions/v1/${name}`, { method: 'POST' });
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ msg: 'Function not found' });
    }
    const { error } = await anon().functions.invoke('no-such-function');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(404);
  });
});

describe('verify_jwt', () => {
  it('refuses a request without Authorization or apikey', async () => {
    const r = await fetch(`${STACK_URL}/functions/v1/echo`, { method: 'POST' });
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('refuses a malformed, foreign-signed or expired JWT', async () => {
    const foreign = await new SignJWT({ role: 'authenticated', sub: FIRST_OWNER })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    const expired = await signToken({ sub: FIRST_OWNER }, -3600);
    for (const token of ['not-a-jwt', foreign, expired]) {
      const r = await fetch(`${STACK_URL}/functions/v1/echo`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ msg: 'Invalid JWT' });
    }
    const { error } = await client(ANON_KEY, expired).functions.invoke('echo', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(401);
  });

  it('accepts the service_role key', async () => {
    const { data, error } = await service().functions.invoke<Echo>('echo', { body: {} });
    expect(error).toBeNull();
    expect(data?.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);
  });

  it('lets a function with verify_jwt = false be called without any JWT', async () => {
    const r = await fetch(`${STACK_URL}/functions/v1/open-door`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ open: true, authorization: null });
  });
});

describe('CORS', () => {
  it('lets the function answer its own preflight, without a JWT', async () => {
    const r = await fetch(`${STACK_URL}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        Origin: SITE_URL,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-custom-header',
      },
    });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('ok');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    // The function's list, not the gateway's echo of the requested headers.
    expect(r.headers.get('access-control-allow-headers')).toBe(FUNCTION_CORS_HEADERS);
    expect(r.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  it('keeps the function’s CORS headers on its responses', async () => {
    const r = await http('/functions/v1/echo', { method: 'POST', headers: { Origin: SITE_URL } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
    expect(r.headers.get('access-control-allow-headers')).toBe(FUNCTION_CORS_HEADERS);
  });
});

describe('function environment', () => {
  it('gives the function the project URL, keys, database URL and its secrets, nothing else of the stack', async () => {
    const { data, error } = await anon().functions.invoke<Record<string, unknown>>('env-check', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      SUPABASE_URL: STACK_URL,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SUPABASE_PUBLISHABLE_KEYS: { default: PUBLISHABLE_KEY },
      SUPABASE_SECRET_KEYS: { default: expect.stringMatching(/^sb_secret_/) },
      FIXTURE_SECRET: 'from the fixture env file',
      DATABASE_URL: null,
    });
    expect(data?.SUPABASE_DB_URL).toMatch(/^postgres(ql)?:\/\//);
  });

  it('lets a function read the REST API with supabase-js as its caller', async () => {
    type Notes = { status: number; data: { id: number; body: string }[] | null; error: unknown };
    const asOwner = await (await asUser(FIRST_OWNER)).functions.invoke<Notes>('rest-call', { method: 'GET' });
    expect(asOwner.error).toBeNull();
    expect(asOwner.data).toEqual({ status: 200, data: [{ id: 1, body: 'note of the first owner' }], error: null });

    const asAnon = await anon().functions.invoke<Notes>('rest-call', { method: 'GET' });
    expect(asAnon.error).toBeNull();
    expect(asAnon.data).toEqual({ status: 200, data: [], error: null });
  });
});
