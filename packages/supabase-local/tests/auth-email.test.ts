import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { inbox, otpCode, verifyLink } from 'supabase-local/testing';
import { anon, ANON_KEY, http, INBOX_URL, service, STACK_URL } from 'supabase-local/testing/vitest';
import { FIXTURE_PROJECT, fixtureConfig, SITE_URL } from './support/fixture-project.ts';

const mail = inbox(INBOX_URL);
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const FRAGMENT_KEYS = ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type'];

/** Follows an e-mail link as a browser would, without following the redirect. */
async function follow(link: string): Promise<URL> {
  const r = await fetch(link, { redirect: 'manual' });
  expect(r.status).toBe(303);
  return new URL(r.headers.get('location')!);
}

/** A confirmed user, made through the admin API (public sign-up is off). */
async function existingUser(address = email('member'), password = 'long-enough') {
  const { error } = await service().auth.admin.createUser({ email: address, password, email_confirm: true });
  expect(error).toBeNull();
  return address;
}

describe('auth: magic links', () => {
  it('mails a magic link whose session arrives in the redirect fragment', async () => {
    const address = await existingUser();
    const sentAt = Date.now();
    const { data, error } = await anon().auth.signInWithOtp({ email: address, options: { emailRedirectTo: `${SITE_URL}/welcome` } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ user: null, session: null });

    const message = await mail.latest(address, { after: sentAt });
    // The fixture project's template ([auth.email.template.magic_link]; see 'e-mail templates' below).
    expect(message.subject).toBe(`Fixture Project: sign in to ${SITE_URL}`);
    expect(message.html).toContain('<h2>Fixture Project</h2>');
    expect(message.text).toContain('Fixture Project');
    const link = verifyLink(message);
    expect(link.startsWith(`${STACK_URL}/auth/v1/verify?token=`)).toBe(true);
    expect(message.html).toContain(link.replace(/&/g, '&amp;'));
    expect(new URL(link).searchParams.get('type')).toBe('magiclink');
    expect(otpCode(message)).toMatch(/^\d{6}$/);

    const target = await follow(link);
    expect(`${target.origin}${target.pathname}`).toBe(`${SITE_URL}/welcome`);
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect([...fragment.keys()]).toEqual(FRAGMENT_KEYS);
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('token_type')).toBe('bearer');
    const me = await anon().auth.getUser(fragment.get('access_token')!);
    expect(me.data.user?.email).toBe(address);
    expect(me.data.user?.last_sign_in_at).toBeTruthy();
  });

  it('refuses a link followed twice, with the error in the fragment', async () => {
    const address = await existingUser();
    const sentAt = Date.now();
    await anon().auth.signInWithOtp({ email: address });
    const link = verifyLink(await mail.latest(address, { after: sentAt }));
    const first = await follow(link);
    expect(first.hash).toContain('access_token=');

    const second = await follow(link);
    expect(second.searchParams.get('code')).toBeNull();
    const fragment = new URLSearchParams(second.hash.slice(1));
    expect(fragment.get('access_token')).toBeNull();
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('sends a redirect to a foreign origin to the site URL instead', async () => {
    const address = await existingUser();
    const sentAt = Date.now();
    await anon().auth.signInWithOtp({ email: address, options: { emailRedirectTo: 'https://evil.example.com/steal' } });
    const link = verifyLink(await mail.latest(address, { after: sentAt }));
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE_URL);
    const target = await follow(link);
    expect(target.origin).toBe(SITE_URL);

    // Tampering with a link does not help either.
    const forged = new URL(link);
    forged.searchParams.set('redirect_to', 'https://evil.example.com/steal');
    const r = await fetch(forged, { redirect: 'manual' });
    expect(new URL(r.headers.get('location')!).origin).toBe(SITE_URL);
  });

  it('refuses an unknown address: sign-up is off, create_user false answers otp_disabled', async () => {
    const address = email('stranger');
    const refused = await anon().auth.signInWithOtp({ email: address, options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    const signup = await anon().auth.signInWithOtp({ email: address });
    expect(signup.error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    expect(await mail.count(address)).toBe(0);
  });

  it('verifies the six-digit code with POST /verify, once', async () => {
    const address = await existingUser();
    const sentAt = Date.now();
    await anon().auth.signInWithOtp({ email: address });
    const code = otpCode(await mail.latest(address, { after: sentAt }));

    const wrong = await anon().auth.verifyOtp({ email: address, token: code === '000000' ? '111111' : '000000', type: 'email' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });

    const { data, error } = await anon().auth.verifyOtp({ email: address, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(address);

    const reused = await anon().auth.verifyOtp({ email: address, token: code, type: 'email' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('verifies a token_hash with POST /verify', async () => {
    const address = await existingUser();
    const sentAt = Date.now();
    await anon().auth.signInWithOtp({ email: address });
    const hash = new URL(verifyLink(await mail.latest(address, { after: sentAt }))).searchParams.get('token')!;
    const { data, error } = await anon().auth.verifyOtp({ token_hash: hash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(address);
  });

  it('limits how often one address can be mailed', async () => {
    const address = await existingUser();
    const first = await anon().auth.signInWithOtp({ email: address });
    expect(first.error).toBeNull();
    const second = await anon().auth.signInWithOtp({ email: address });
    expect(second.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'For security purposes, you can only request this after 1 seconds.',
    });
  });
});

describe('auth: password recovery', () => {
  it('mails a recovery link that signs the user in to set a new password', async () => {
    const address = await existingUser();
    const sentAt = Date.now();
    const { error } = await anon().auth.resetPasswordForEmail(address, { redirectTo: `${SITE_URL}/reset-password` });
    expect(error).toBeNull();
    const message = await mail.latest(address, { after: sentAt });
    // GoTrue's own template: the fixture project configures none for recovery.
    expect(message.subject).toBe('Reset your password');
    expect(message.html).toContain('<h2>Reset your password</h2>');
    const target = await follow(verifyLink(message));
    expect(target.pathname).toBe('/reset-password');
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');

    const c = anon();
    await c.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await c.auth.updateUser({ password: 'brand-new-secret' })).error).toBeNull();
    const signIn = await anon().auth.signInWithPassword({ email: address, password: 'brand-new-secret' });
    expect(signIn.error).toBeNull();
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const address = email('unknown');
    const { error } = await anon().auth.resetPasswordForEmail(address);
    expect(error).toBeNull();
    expect(await mail.count(address)).toBe(0);
  });
});

describe('auth: e-mail templates of the project ([auth.email.template.*] in config.toml)', () => {
  it('renders its subject and its content_path file with GoTrue’s variables, HTML-escaped in the body', async () => {
    expect(fixtureConfig.auth.email.templates.magic_link).toEqual({
      subject: 'Fixture Project: sign in to {{ .SiteURL }}',
      content: readFileSync(path.join(FIXTURE_PROJECT, 'supabase', 'templates', 'magic_link.html'), 'utf8'),
    });
    const address = await existingUser();
    const redirect = `${SITE_URL}/templated?step=1&next=home`;
    const sentAt = Date.now();
    const { error } = await anon().auth.signInWithOtp({ email: address, options: { emailRedirectTo: redirect } });
    expect(error).toBeNull();
    const message = await mail.latest(address, { after: sentAt });
    const link = verifyLink(message);
    const code = otpCode(message);
    const escape = (s: string) => s.replace(/&/g, '&amp;');

    // The subject is text: {{ .SiteURL }} as it is.
    expect(message.subject).toBe(`Fixture Project: sign in to ${SITE_URL}`);
    expect(message.html).toContain(`<p>A sign-in link for ${address}:</p>`);
    expect(message.html).toContain(`<p><a href="${escape(link)}">Sign in</a></p>`);
    expect(message.html).toContain(`<p>Or enter this code: <strong>${code}</strong></p>`);
    expect(message.html).toContain(`<p>Token hash: ${new URL(link).searchParams.get('token')}</p>`);
    expect(message.html).toContain(`<p>Site: ${SITE_URL}</p>`);
    expect(message.html).toContain(`<p>Then on to: ${escape(redirect)}</p>`);
    expect(message.html).not.toContain('{{');
    // The plain-text part made from it; its code signs the user in.
    expect(message.text).toContain(`Or enter this code: ${code}`);
    const { data } = await anon().auth.verifyOtp({ email: address, token: code, type: 'email' });
    expect(data.user?.email).toBe(address);
  });
});

describe('auth: PKCE', () => {
  function pkceClient() {
    const store = new Map<string, string>();
    return createClient(STACK_URL, ANON_KEY, {
      realtime: { transport: ws as never },
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (k: string) => store.get(k) ?? null,
          setItem: (k: string, v: string) => void store.set(k, v),
          removeItem: (k: string) => void store.delete(k),
        },
      },
    });
  }

  it('hands a code to the redirect and exchanges it for a session with the verifier', async () => {
    const address = await existingUser();
    const c = pkceClient();
    const sentAt = Date.now();
    const { error } = await c.auth.signInWithOtp({ email: address, options: { emailRedirectTo: `${SITE_URL}/auth/callback` } });
    expect(error).toBeNull();
    const link = verifyLink(await mail.latest(address, { after: sentAt }));
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);

    const target = await follow(link);
    expect(target.pathname).toBe('/auth/callback');
    expect(target.hash).toBe('');
    const code = target.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const stranger = await pkceClient().auth.exchangeCodeForSession(code);
    expect(stranger.error).not.toBeNull();

    const { data, error: exErr } = await c.auth.exchangeCodeForSession(code);
    expect(exErr).toBeNull();
    expect(data.session?.user.email).toBe(address);
    expect((await c.auth.getUser()).data.user?.email).toBe(address);

    const reused = await http('/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(reused.status).toBe(404);
    expect(await reused.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('refuses a wrong code verifier', async () => {
    const address = await existingUser();
    const c = pkceClient();
    const sentAt = Date.now();
    await c.auth.signInWithOtp({ email: address });
    const code = (await follow(verifyLink(await mail.latest(address, { after: sentAt })))).searchParams.get('code')!;
    const r = await http('/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'bad_code_verifier' });
  });
});
