// Functions through /rest/v1/rpc: result shapes, arguments, overloads,
// read-only calls and errors.
import { describe, expect, it } from 'vitest';
import { anon, asUser, http, service } from 'supabase-local/testing/vitest';

describe('rest: rpc', () => {
  it('returns a scalar as a bare JSON value', async () => {
    const { data, error, status } = await anon().rpc('rest_add', { a: 2, b: 3 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(5);
  });

  it('calls with GET and query-string arguments', async () => {
    const { data, error } = await anon().rpc('rest_add', { a: 4, b: 1 }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(5);
  });

  it('returns a set as an array, with filters, order and limit applied', async () => {
    const { data, error } = await anon().rpc('rest_posts_by', { author: 1 }).select('id, title').order('id', { ascending: false }).limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, title: 'Second' }]);
    const filtered = await anon().rpc('rest_posts_by', { author: 1 }).select('id').eq('title', 'Hello');
    expect(filtered.data).toEqual([{ id: 1 }]);
  });

  it('embeds from a function returning table rows', async () => {
    const { data, error } = await anon().rpc('rest_posts_by', { author: 2 }).select('id, rest_comments(body)');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 4, rest_comments: [] }]);
  });

  it('applies RLS to what the function reads', async () => {
    const asAnon = await anon().rpc('rest_posts_by', { author: 2 }).select('id');
    expect(asAnon.data).toEqual([{ id: 4 }]);
    const user = await asUser('0a0a0a0a-0000-4000-8000-000000000002');
    const signedIn = await user.rpc('rest_posts_by', { author: 2 }).select('id');
    expect(signedIn.data).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('returns a set of scalars as an array of values, with a count', async () => {
    const { data, count, status } = await anon().rpc('rest_count_to', { n: 4 }, { count: 'exact' }).range(0, 1);
    expect(data).toEqual([1, 2]);
    expect(count).toBe(4);
    expect(status).toBe(206);
  });

  it('returns a single composite as an object', async () => {
    const { data, error } = await anon().rpc('rest_author_of', { post: 4 });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: 2, name: 'Grace' });
  });

  it('answers 204 for a void function', async () => {
    const { data, error, status } = await anon().rpc('rest_noop');
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  it('runs volatile functions read-write and chooses overloads by argument names', async () => {
    const sku = `rpc-${Date.now()}`;
    await anon().from('rest_items').insert({ sku, name: 'Counter' });
    expect((await anon().rpc('rest_bump', { p_sku: sku })).data).toBe(1);
    expect((await anon().rpc('rest_bump', { p_sku: sku })).data).toBe(2);
    expect((await anon().rpc('rest_greet', { name: 'Ada' })).data).toBe('Hello, Ada');
    expect((await anon().rpc('rest_greet', { first: 'Grace', last: 'Hopper' })).data).toBe('Hello, Grace Hopper');
  });

  it('passes arrays and reads the caller from the request', async () => {
    expect((await anon().rpc('rest_sum', { nums: [1, 2, 3] })).data).toBe(6);
    const sub = '0a0a0a0a-0000-4000-8000-000000000009';
    const { data } = await (await asUser(sub)).rpc('rest_whoami');
    expect(data).toEqual({ role: 'authenticated', sub });
    expect((await service().rpc('rest_whoami')).data).toEqual({ role: 'service_role', sub: null });
  });

  it('refuses writes from a volatile function called with GET (405 25006)', async () => {
    const { error, status } = await anon().rpc('rest_bump', { p_sku: 'none' }, { get: true });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
  });

  it('answers 404 PGRST202 for an unknown function or unknown arguments', async () => {
    const missing = await anon().rpc('rest_nothing_here');
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
    const wrongArgs = await anon().rpc('rest_add', { a: 1, c: 2 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.message).toBe('Could not find the function public.rest_add(a, c) in the schema cache');
  });

  it('answers 400 P0001 for a raised exception', async () => {
    const { error, status } = await anon().rpc('rest_fail', { reason: 'not today' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', message: 'not today' });
  });

  it('answers 400 PGRST102 for a body that is not JSON', async () => {
    const r = await http('/rest/v1/rpc/rest_add', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'a=1' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'PGRST102' });
  });
});
