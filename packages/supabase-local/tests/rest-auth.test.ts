// Who a REST request runs as: the bearer token decides the role, bad tokens
// are refused as PostgREST refuses them, and reads stay fast under RLS.
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ANON_KEY, asUser, client, http, signToken } from 'supabase-local/testing/vitest';

describe('rest: authentication', () => {
  it('runs without a session as anon', async () => {
    const { data } = await client(ANON_KEY).rpc('rest_whoami');
    expect(data).toEqual({ role: 'anon', sub: null });
  });

  it('answers 401 PGRST301 for a token with a bad signature', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    const { error, status } = await client(ANON_KEY, forged).from('rest_authors').select('id');
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  it('answers 401 PGRST301 for a malformed token, with WWW-Authenticate', async () => {
    const r = await http('/rest/v1/rest_authors', { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(r.headers.get('proxy-status')).toBe('PostgREST; error=PGRST301');
    expect(await r.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('answers 401 PGRST303 "JWT expired" for an expired token', async () => {
    const expired = await signToken({ sub: '0a0a0a0a-0000-4000-8000-000000000003' }, -120);
    const { error, status } = await client(ANON_KEY, expired).from('rest_authors').select('id');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('answers 401 for a role that does not exist', async () => {
    const token = await signToken({ role: 'nobody_here' });
    const { error, status } = await client(ANON_KEY, token).from('rest_authors').select('id');
    expect(status).toBe(401);
    expect(error?.code).toBe('22023');
  });

  it('exposes the claims and request to SQL', async () => {
    const sub = '0a0a0a0a-0000-4000-8000-000000000004';
    const { data } = await (await asUser(sub)).rpc('rest_whoami', undefined, { get: true });
    expect(data).toEqual({ role: 'authenticated', sub });
  });
});

// Their speed is measured by `npm run bench:stack`, not here.
describe('rest: embeds under RLS', () => {
  it('reads 20 parents with a to-one and a to-many embed under RLS', async () => {
    const user = await asUser('0b0b0b0b-0000-4000-8000-000000000001');
    const query = () =>
      user
        .from('rest_bench_parents')
        .select('id, name, category:rest_bench_categories(label), rest_bench_children(id, position, label)')
        .order('id')
        .limit(20);
    const first = await query();
    expect(first.error).toBeNull();
    expect(first.data).toHaveLength(20);
    expect(first.data?.[0]).toMatchObject({ id: 1, category: { label: 'category 2' } });
    expect(first.data?.[0].rest_bench_children).toHaveLength(5);
  });

  it('hides other owners\u2019 rows in the timing fixture', async () => {
    const user = await asUser('0b0b0b0b-0000-4000-8000-000000000002');
    const { count } = await user.from('rest_bench_parents').select('*', { count: 'exact', head: true });
    expect(count).toBe(40);
  });
});
