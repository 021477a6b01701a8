// Public sign-up as config.toml sets it (enable_signup = false, enable_confirmations = true):
// refused on the shared stack, while the admin API still makes users; and GoTrue's
// sign-up with confirmations on, on a stack of its own with GOTRUE_DISABLE_SIGNUP=false.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestClient, inbox, verifyLink } from 'supabase-local/testing';
import { anon, ANON_KEY, http, INBOX_URL, service } from 'supabase-local/testing/vitest';
import { SITE_URL } from './support/fixture-project.ts';
import { ownFixtureStack } from './support/own-stack.ts';

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const json = { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' };

/** Whether the admin API knows a user with this address. */
async function userExists(address: string): Promise<boolean> {
  const { data, error } = await service().auth.admin.listUsers({ page: 1, perPage: 1000 });
  expect(error).toBeNull();
  return data.users.some((u) => u.email === address);
}

describe('auth: public sign-up is off (config.toml)', () => {
  const mail = inbox(INBOX_URL);

  it('reports disable_signup and confirmations in /settings', async () => {
    const r = await http('/auth/v1/settings');
    expect(await r.json()).toMatchObject({ disable_signup: true, mailer_autoconfirm: false, external: { email: true } });
  });

  it('refuses /signup with GoTrue error and creates no user', async () => {
    const address = email('signup');
    const { data, error } = await anon().auth.signUp({ email: address, password: 'long-enough' });
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    expect(data).toMatchObject({ user: null, session: null });

    const legacy = await http('/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: address, password: 'long-enough' }),
    });
    expect(legacy.status).toBe(422);
    expect(legacy.headers.get('x-sb-error-code')).toBe('signup_disabled');
    expect(await legacy.json()).toEqual({ code: 422, error_code: 'signup_disabled', msg: 'Signups not allowed for this instance' });
    expect(await userExists(address)).toBe(false);
    expect(await mail.count(address)).toBe(0);
  });

  it('refuses a magic link or code for an unknown address and creates no user', async () => {
    const address = email('otp');
    const otp = await anon().auth.signInWithOtp({ email: address });
    expect(otp.error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    const link = await http('/auth/v1/magiclink', { method: 'POST', headers: json, body: JSON.stringify({ email: address }) });
    expect(link.status).toBe(422);
    expect(await link.json()).toEqual({ code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    const noCreate = await anon().auth.signInWithOtp({ email: address, options: { shouldCreateUser: false } });
    expect(noCreate.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    expect(await userExists(address)).toBe(false);
    expect(await mail.count(address)).toBe(0);
  });

  it('refuses a magic link to an address not yet confirmed (GoTrue would sign it up)', async () => {
    const address = email('unconfirmed');
    expect((await service().auth.admin.createUser({ email: address, password: 'long-enough' })).error).toBeNull();
    const otp = await anon().auth.signInWithOtp({ email: address });
    expect(otp.error).toMatchObject({ status: 422, code: 'signup_disabled' });
    const login = await anon().auth.signInWithPassword({ email: address, password: 'long-enough' });
    expect(login.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('still lets the admin API create, invite and link users', async () => {
    const admin = service().auth.admin;
    const made = email('made');
    const created = await admin.createUser({ email: made, password: 'long-enough', email_confirm: true });
    expect(created.error).toBeNull();
    expect((await anon().auth.signInWithPassword({ email: made, password: 'long-enough' })).error).toBeNull();

    const invited = email('invited');
    const sentAt = Date.now();
    const invite = await admin.inviteUserByEmail(invited);
    expect(invite.error).toBeNull();
    expect(invite.data.user?.email).toBe(invited);
    expect(new URL(verifyLink(await mail.latest(invited, { after: sentAt }))).searchParams.get('type')).toBe('invite');

    const linked = email('linked');
    const generated = await admin.generateLink({ type: 'signup', email: linked, password: 'long-enough' });
    expect(generated.error).toBeNull();
    expect(generated.data.user?.email).toBe(linked);
    expect(await userExists(linked)).toBe(true);
  });
});

describe('auth: sign-up with confirmations (GOTRUE_DISABLE_SIGNUP=false)', () => {
  const stack = ownFixtureStack(48, 'confirm-signup', { GOTRUE_DISABLE_SIGNUP: 'false' });
  const anonOpen = () => createTestClient(stack.url, ANON_KEY);
  const openMail = () => inbox(`http://127.0.0.1:${stack.env.STACK_INBOX_PORT}`);


  it('reports sign-up on and confirmations on', async () => {
    const r = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: ANON_KEY } });
    expect(await r.json()).toMatchObject({ disable_signup: false, mailer_autoconfirm: false });
  });

  it('answers a user without a session and mails a confirmation link that signs in', async () => {
    const address = email('signup');
    const sentAt = Date.now();
    const { data, error } = await anonOpen().auth.signUp({ email: address, password: 'long-enough' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email: address });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toBeTruthy();

    const early = await anonOpen().auth.signInWithPassword({ email: address, password: 'long-enough' });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const link = verifyLink(await openMail().latest(address, { after: sentAt }));
    expect(new URL(link).searchParams.get('type')).toBe('signup');
    const r = await fetch(link, { redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(new URLSearchParams(new URL(r.headers.get('location')!).hash.slice(1)).get('access_token')).toBeTruthy();
    expect((await anonOpen().auth.signInWithPassword({ email: address, password: 'long-enough' })).error).toBeNull();

    // A confirmed address signing up again gets an obfuscated user and no session.
    const again = await anonOpen().auth.signUp({ email: address, password: 'long-enough' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
  });

  it('signs up an unknown address through a magic link first, unless create_user is false', async () => {
    const address = email('newcomer');
    const sentAt = Date.now();
    const { error } = await anonOpen().auth.signInWithOtp({ email: address });
    expect(error).toBeNull();
    const link = verifyLink(await openMail().latest(address, { after: sentAt }));
    expect(new URL(link).searchParams.get('type')).toBe('signup');
    const target = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
    const fragment = new URLSearchParams(target.hash.slice(1));
    const me = await anonOpen().auth.getUser(fragment.get('access_token')!);
    expect(me.data.user).toMatchObject({ email: address });
    expect(me.data.user?.email_confirmed_at).toBeTruthy();

    const refused = await anonOpen().auth.signInWithOtp({ email: email('stranger'), options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
  });

  it('resends the sign-up confirmation to an address not yet confirmed', async () => {
    const mail = openMail();
    const address = email('pending');
    await anonOpen().auth.signInWithOtp({ email: address });
    await mail.latest(address);
    await new Promise((r) => setTimeout(r, 1100));
    const sentAt = Date.now();
    const { error } = await anonOpen().auth.resend({
      type: 'signup',
      email: address,
      options: { emailRedirectTo: `${SITE_URL}/confirmed` },
    });
    expect(error).toBeNull();
    const link = verifyLink(await mail.latest(address, { after: sentAt }));
    // Two messages in all: the first and the resent one (delivery to the inbox is asynchronous).
    expect(await mail.count(address)).toBe(2);
    expect(new URL(link).searchParams.get('type')).toBe('signup');
    const target = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
    expect(target.pathname).toBe('/confirmed');
    expect(new URLSearchParams(target.hash.slice(1)).get('access_token')).toBeTruthy();
  });
});
