import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inbox, verifyLink } from 'supabase-local/testing';
import { anon, http, INBOX_URL, service, SERVICE_ROLE_KEY, signToken, STACK_URL } from 'supabase-local/testing/vitest';
import { SITE_URL } from './support/fixture-project.ts';

const mail = inbox(INBOX_URL);
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

describe('auth admin: users', () => {
  it('creates, reads, updates and deletes a user', async () => {
    const admin = service().auth.admin;
    const address = email('staff');
    const created = await admin.createUser({
      email: address,
      password: 'long-enough',
      email_confirm: true,
      user_metadata: { full_name: 'Grace' },
      app_metadata: { role: 'editor' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email: address,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { full_name: 'Grace' },
      app_metadata: { provider: 'email', providers: ['email'], role: 'editor' },
    });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities?.[0]).toMatchObject({ provider: 'email', user_id: user.id });

    const signIn = await anon().auth.signInWithPassword({ email: address, password: 'long-enough' });
    expect(signIn.error).toBeNull();

    const got = await admin.getUserById(user.id);
    expect(got.data.user?.id).toBe(user.id);

    const updated = await admin.updateUserById(user.id, {
      app_metadata: { role: 'admin' },
      user_metadata: { team: 'north' },
      password: 'another-secret',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', role: 'admin' });
    expect(updated.data.user?.user_metadata).toEqual({ full_name: 'Grace', team: 'north' });
    expect((await anon().auth.signInWithPassword({ email: address, password: 'another-secret' })).error).toBeNull();

    const deleted = await admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const noLogin = await anon().auth.signInWithPassword({ email: address, password: 'another-secret' });
    expect(noLogin.error?.code).toBe('invalid_credentials');
  });

  it('refuses a duplicate e-mail, a short password and a bad address', async () => {
    const admin = service().auth.admin;
    const address = email('dup');
    expect((await admin.createUser({ email: address, password: 'long-enough' })).error).toBeNull();
    const dup = await admin.createUser({ email: address, password: 'long-enough' });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });
    const weak = await admin.createUser({ email: email('weak'), password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const bad = await admin.createUser({ email: 'nope', password: 'long-enough' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('bans a user: sign-in and refresh are refused until the ban is lifted', async () => {
    const admin = service().auth.admin;
    const address = email('banned');
    const { data } = await admin.createUser({ email: address, password: 'long-enough', email_confirm: true });
    const before = await anon().auth.signInWithPassword({ email: address, password: 'long-enough' });
    expect(before.error).toBeNull();

    const banned = await admin.updateUserById(data.user!.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const refused = await anon().auth.signInWithPassword({ email: address, password: 'long-enough' });
    expect(refused.error).toMatchObject({ status: 400, code: 'user_banned' });
    const refresh = await anon().auth.refreshSession({ refresh_token: before.data.session!.refresh_token });
    expect(refresh.error?.status).toBe(400);

    await admin.updateUserById(data.user!.id, { ban_duration: 'none' });
    expect((await anon().auth.signInWithPassword({ email: address, password: 'long-enough' })).error).toBeNull();
  });

  it('lists users a page at a time with X-Total-Count and Link', async () => {
    const admin = service().auth.admin;
    for (let i = 0; i < 3; i++) await admin.createUser({ email: email('listed'), password: 'long-enough' });
    const { data, error } = await admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    if (!('aud' in data)) throw new Error('listUsers answered without pagination');
    expect(data.users).toHaveLength(2);
    expect(data.aud).toBe('authenticated');
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.nextPage).toBe(2);

    const r = await http('/auth/v1/admin/users?page=2&per_page=2', { key: SERVICE_ROLE_KEY });
    expect(r.status).toBe(200);
    expect(Number(r.headers.get('x-total-count'))).toBe(data.total);
    const last = Math.ceil(data.total / 2);
    expect(r.headers.get('link')).toContain(`<${STACK_URL}/auth/v1/admin/users?page=${last}&per_page=2>; rel="last"`);
    const page2 = (await r.json()) as { users: { id: string }[] };
    expect(page2.users.map((u) => u.id)).not.toContain(data.users[0]!.id);
  });

  it('is refused to the anon key and to signed-in users', async () => {
    const viaAnon = await anon().auth.admin.listUsers();
    expect(viaAnon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const r = await http('/auth/v1/admin/users', { method: 'POST', body: JSON.stringify({ email: email('x') }) });
    expect(r.status).toBe(403);
    expect(r.headers.get('x-sb-error-code')).toBe('not_admin');

    const member = await signToken({ sub: randomUUID(), email: 'member@example.test' });
    const viaUser = await http('/auth/v1/admin/users', { headers: { Authorization: `Bearer ${member}` } });
    expect(viaUser.status).toBe(403);
    expect(viaUser.headers.get('x-sb-error-code')).toBe('not_admin');
  });
});

describe('auth admin: links and invitations', () => {
  it('generates a magic link and a recovery link without sending mail', async () => {
    const admin = service().auth.admin;
    const address = email('linked');
    await admin.createUser({ email: address, password: 'long-enough', email_confirm: true });

    const generated = await admin.generateLink({ type: 'magiclink', email: address, options: { redirectTo: `${SITE_URL}/home` } });
    expect(generated.error).toBeNull();
    const data = { user: generated.data.user!, properties: generated.data.properties! };
    expect(data.user.email).toBe(address);
    expect(data.properties).toMatchObject({ verification_type: 'magiclink', redirect_to: `${SITE_URL}/home` });
    expect(data.properties.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties.hashed_token).toMatch(/^[0-9a-f]{56}$/);
    expect(data.properties.action_link).toBe(
      `${STACK_URL}/auth/v1/verify?token=${data.properties.hashed_token}&type=magiclink&redirect_to=${encodeURIComponent(`${SITE_URL}/home`)}`,
    );
    expect(await mail.count(address)).toBe(0);

    const r = await fetch(data.properties.action_link, { redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toMatch(new RegExp(`^${SITE_URL}/home#access_token=`));

    const recovery = await admin.generateLink({ type: 'recovery', email: address });
    expect(recovery.data.properties?.verification_type).toBe('recovery');
    const viaOtp = await anon().auth.verifyOtp({ email: address, token: recovery.data.properties!.email_otp, type: 'recovery' });
    expect(viaOtp.error).toBeNull();

    const missing = await admin.generateLink({ type: 'magiclink', email: email('missing') });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('generates a sign-up link that confirms the new user', async () => {
    const admin = service().auth.admin;
    const address = email('signup-link');
    const generated = await admin.generateLink({ type: 'signup', email: address, password: 'long-enough' });
    expect(generated.error).toBeNull();
    const data = { user: generated.data.user!, properties: generated.data.properties! };
    expect(data.user.email_confirmed_at).toBeUndefined();
    const unconfirmed = await anon().auth.signInWithPassword({ email: address, password: 'long-enough' });
    expect(unconfirmed.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const r = await fetch(data.properties.action_link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(r.headers.get('location')!).hash.slice(1)).get('type')).toBe('signup');
    expect((await anon().auth.signInWithPassword({ email: address, password: 'long-enough' })).error).toBeNull();
  });

  it('invites a user by e-mail', async () => {
    const address = email('invitee');
    const sentAt = Date.now();
    const { data, error } = await service().auth.admin.inviteUserByEmail(address, {
      data: { team: 'south' },
      redirectTo: `${SITE_URL}/accept`,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: address, user_metadata: { team: 'south' } });
    expect(data.user?.invited_at).toBeTruthy();

    const message = await mail.latest(address, { after: sentAt });
    // GoTrue's own invite template: the fixture project configures none for it.
    expect(message.subject).toBe("You've been invited");
    const link = verifyLink(message);
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    const r = await fetch(link, { redirect: 'manual' });
    const target = new URL(r.headers.get('location')!);
    expect(target.pathname).toBe('/accept');
    expect(new URLSearchParams(target.hash.slice(1)).get('type')).toBe('invite');
  });
});
