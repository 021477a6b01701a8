// Sign-up and password sign-in as GoTrue answers them with public sign-up on and
// without e-mail confirmations (GOTRUE_DISABLE_SIGNUP=false, GOTRUE_MAILER_AUTOCONFIRM=true):
// config.toml turns both off, so this file has a stack of its own with those overrides.
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestClient, httpAt, inbox, verifyLink } from 'supabase-local/testing';
import { ANON_KEY, signToken } from 'supabase-local/testing/vitest';
import { ownFixtureStack } from './support/own-stack.ts';

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

const stack = ownFixtureStack(36, 'open-signup', { GOTRUE_DISABLE_SIGNUP: 'false', GOTRUE_MAILER_AUTOCONFIRM: 'true' });

const anon = () => createTestClient(stack.url, ANON_KEY);
const http = (path: string, init?: RequestInit) => httpAt(stack.url)(path, init);

const userWith = (token: string) =>
  http('/auth/v1/user', { headers: { Authorization: `Bearer ${token}`, 'X-Supabase-Api-Version': '2024-01-01' } });

async function signUp(address = email('user'), password = 'correct-horse') {
  const { data, error } = await anon().auth.signUp({ email: address, password, options: { data: { full_name: 'Ada' } } });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { address, password, session: data.session!, user: data.user! };
}

describe('auth: sign-up and password sign-in', () => {
  it('signs a user up and answers with a session, user and GoTrue claims', async () => {
    const { address, session, user } = await signUp();
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toBeTruthy();
    expect(user.email).toBe(address);
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.user_metadata).toMatchObject({ full_name: 'Ada' });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'email', user_id: user.id, id: user.id });
    expect(user.identities![0]!.identity_data).toMatchObject({ email: address, sub: user.id });

    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email: address,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(typeof claims.session_id).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('signs in with the right password and refuses a wrong one', async () => {
    const { address, password, user } = await signUp();
    const ok = await anon().auth.signInWithPassword({ email: address, password });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.id).toBe(user.id);

    const bad = await anon().auth.signInWithPassword({ email: address, password: 'wrong-password' });
    expect(bad.data.session).toBeNull();
    expect(bad.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });

    const unknown = await anon().auth.signInWithPassword({ email: email('nobody'), password });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('refuses a short password with the weak_password reasons', async () => {
    const { error } = await anon().auth.signUp({ email: email('weak'), password: '12345' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.' });
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  it('refuses a duplicate sign-up and a malformed e-mail address', async () => {
    const { address } = await signUp();
    const dup = await anon().auth.signUp({ email: address.toUpperCase(), password: 'another-one' });
    expect(dup.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });

    const bad = await anon().auth.signUp({ email: 'not-an-address', password: 'long-enough' });
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  it('answers errors in the 2024-01-01 format with the version and error-code headers', async () => {
    const r = await http('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'whatever' }),
    });
    expect(r.status).toBe(400);
    expect(r.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(r.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await r.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });

    const legacy = await http('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'whatever' }),
    });
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('accepts a bcrypt hash made by pgcrypto in a seed file', async () => {
    const { data, error } = await anon().auth.signInWithPassword({ email: 'seeded@example.test', password: 'seeded-password' });
    expect(error).toBeNull();
    expect(data.user?.id).toBe('a5eed000-0000-4000-8000-000000000001');
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Seeded User' });
  });

  it('runs triggers on auth.users, and a failing one answers "Database error saving new user"', async () => {
    const seen = await anon().auth.signUp({ email: email('triggered'), password: 'long-enough' });
    expect(seen.error).toBeNull();
    expect(seen.data.user?.app_metadata).toMatchObject({ seen_by_trigger: true });

    const r = await http('/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: email('blocked'), password: 'long-enough' }),
    });
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ code: 'unexpected_failure', message: 'Database error saving new user' });
  });
});

describe('auth: the signed-in user', () => {
  it('reads and updates the user: metadata merges, the password changes', async () => {
    const { address, session, user } = await signUp();
    const c = anon();
    await c.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });

    const got = await c.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user).toMatchObject({ id: user.id, email: address });

    const upd = await c.auth.updateUser({ data: { locale: 'de' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toMatchObject({ full_name: 'Ada', locale: 'de' });

    const same = await c.auth.updateUser({ password: 'correct-horse' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const short = await c.auth.updateUser({ password: '123' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });

    const pw = await c.auth.updateUser({ password: 'battery-staple' });
    expect(pw.error).toBeNull();
    const old = await anon().auth.signInWithPassword({ email: address, password: 'correct-horse' });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await anon().auth.signInWithPassword({ email: address, password: 'battery-staple' });
    expect(fresh.error).toBeNull();
  });

  it('keeps a new e-mail address pending until a link confirms it, even without confirmations', async () => {
    // GoTrue never changes a signed-in user's address at once; with autoconfirm one of the
    // two links (old and new address, double_confirm_changes) is enough.
    const mail = inbox(`http://127.0.0.1:${stack.env.STACK_INBOX_PORT}`);
    const { address, session, user } = await signUp();
    const c = anon();
    await c.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    const next = email('renamed');
    const sentAt = Date.now();
    const { data, error } = await c.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: address, new_email: next });
    expect((await anon().auth.getUser(session.access_token)).data.user?.email).toBe(address);

    await mail.latest(address, { after: sentAt });
    const link = verifyLink(await mail.latest(next, { after: sentAt }));
    expect(new URL(link).searchParams.get('type')).toBe('email_change');
    const r = await fetch(link, { redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(new URLSearchParams(new URL(r.headers.get('location')!).hash.slice(1)).get('type')).toBe('email_change');
    const me = await anon().auth.getUser(session.access_token);
    expect(me.data.user).toMatchObject({ email: next });
    expect(me.data.user?.new_email).toBeUndefined();
    expect((await anon().auth.signInWithPassword({ email: next, password: 'correct-horse' })).error).toBeNull();

    const taken = await signUp();
    const clash = await c.auth.updateUser({ email: taken.address });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('refuses a missing, expired or tampered token', async () => {
    const { session, user } = await signUp();

    const none = await fetch(`${stack.url}/auth/v1/user`, { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });

    const expired = await signToken({ sub: user.id, email: user.email }, -120);
    const e1 = await anon().auth.getUser(expired);
    expect(e1.error).toMatchObject({ status: 403, code: 'bad_jwt' });

    const [h, p, s] = session.access_token.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -4)}${s!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const e2 = await anon().auth.getUser(tampered);
    expect(e2.error).toMatchObject({ status: 403, code: 'bad_jwt' });

    const ghost = await signToken({ sub: randomUUID(), email: 'ghost@example.test' });
    const e3 = await anon().auth.getUser(ghost);
    expect(e3.error).toMatchObject({ status: 403, code: 'user_not_found' });
  });

  it('answers /settings and /health', async () => {
    const s = await http('/auth/v1/settings');
    expect(s.status).toBe(200);
    expect(await s.json()).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true });
    const h = await http('/auth/v1/health');
    expect(await h.json()).toMatchObject({ name: 'GoTrue' });
  });
});

describe('auth: refresh tokens and sign-out', () => {
  it('rotates refresh tokens and refuses an unknown one', async () => {
    const { session } = await signUp();
    const c = anon();
    const first = await c.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    expect(first.data.session?.refresh_token).not.toBe(session.refresh_token);
    const second = await c.auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(second.error).toBeNull();

    const unknown = await anon().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });

  it('tolerates a reused refresh token within the reuse interval and refuses it after', async () => {
    const { session } = await signUp();
    const rotated = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(rotated.error).toBeNull();
    const current = rotated.data.session!.refresh_token;

    const soon = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(soon.error).toBeNull();
    expect(soon.data.session?.refresh_token).toBe(current);

    await new Promise((r) => setTimeout(r, 11_000));
    const late = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // The reuse is taken as theft: the session's current token is revoked with it.
    const family = await anon().auth.refreshSession({ refresh_token: current });
    expect(family.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  }, 30_000);

  it('signs out: the refresh token and the access token stop working', async () => {
    const { session } = await signUp();
    const c = anon();
    await c.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    const out = await c.auth.signOut({ scope: 'global' });
    expect(out.error).toBeNull();

    const refresh = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const me = await anon().auth.getUser(session.access_token);
    expect(me.error?.name).toBe('AuthSessionMissingError');
    const raw = await userWith(session.access_token);
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  it('signs out one session locally and keeps the others', async () => {
    const { address, password, session } = await signUp();
    const other = await anon().auth.signInWithPassword({ email: address, password });
    const r = await http('/auth/v1/logout?scope=local', {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(r.status).toBe(204);
    expect((await userWith(session.access_token)).status).toBe(403);
    expect((await anon().auth.getUser(other.data.session!.access_token)).error).toBeNull();
  });
});
