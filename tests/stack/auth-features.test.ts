// What supabase-js reaches beyond e-mail and password, answered as GoTrue answers it with
// this project's config.toml (the same as `supabase start`): anonymous sign-ins off, no
// SSO, no passkeys, no manual identity linking, no web3 and no id_token providers, and
// reauthenticate mailing its code; and verifyOtp's validation messages.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inbox, otpCode } from '../support/inbox.ts';
import { signedInUser } from './auth-users.ts';
import { anon, http, INBOX_URL } from './helpers.ts';

const json = { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' };

const signedIn = () => signedInUser('feat');

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }> {
  const r = await http(path, {
    method: 'POST',
    headers: { ...json, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

describe('auth: features this project leaves off', () => {
  it('anonymous sign-in: GoTrue’s anonymous_provider_disabled, and /settings says so', async () => {
    const { data, error } = await anon().auth.signInAnonymously();
    expect(data).toMatchObject({ user: null, session: null });
    expect(error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    const settings = (await (await http('/auth/v1/settings')).json()) as { external: Record<string, boolean> };
    expect(settings.external.anonymous_users).toBe(false);
    expect(settings).toMatchObject({ saml_enabled: false, passkeys_enabled: false });
  });

  it('signInWithSSO: 404 saml_provider_disabled', async () => {
    const { data, error } = await anon().auth.signInWithSSO({ domain: 'example.test' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
  });

  it('linkIdentity and unlinkIdentity: 404 manual_linking_disabled; getUserIdentities lists the e-mail identity', async () => {
    const { sb } = await signedIn();
    const identities = await sb.auth.getUserIdentities();
    expect(identities.error).toBeNull();
    expect(identities.data!.identities).toEqual([expect.objectContaining({ provider: 'email' })]);

    const link = await sb.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
    const unlink = await sb.auth.unlinkIdentity(identities.data!.identities[0]!);
    expect(unlink.error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
  });

  it('passkeys: 404 passkey_disabled', async () => {
    const r = await post('/auth/v1/passkeys/authentication/options', {});
    expect(r).toEqual({ status: 404, body: { code: 'passkey_disabled', message: 'Passkeys are disabled' } });
  });

  it('web3 sign-in: 422 web3_provider_disabled', async () => {
    const r = await post('/auth/v1/token?grant_type=web3', { chain: 'solana', message: 'm', signature: 's' });
    expect(r).toEqual({ status: 422, body: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' } });
  });

  it('signInWithIdToken: GoTrue’s provider_disabled and OAuth-style validation errors', async () => {
    const google = await anon().auth.signInWithIdToken({ provider: 'google', token: 'header.payload.signature' });
    expect(google.error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const custom = await anon().auth.signInWithIdToken({ provider: 'my-idp', token: 'x.y.z' });
    expect(custom.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Custom OIDC provider "my-idp" not allowed',
    });
    const missing = await post('/auth/v1/token?grant_type=id_token', { provider: 'google' });
    expect(missing).toEqual({
      status: 400,
      body: { error: 'invalid request', error_description: 'id_token required' },
    });
  });

  it('reauthenticate mails the user a one-time code', async () => {
    const { sb, email } = await signedIn();
    const after = Date.now();
    const { data, error } = await sb.auth.reauthenticate();
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const message = await inbox(INBOX_URL).latest(email, { after });
    expect(message.subject).toMatch(/reauthentication/i);
    expect(otpCode(message)).toMatch(/^\d{6}$/);
  });
});

describe('auth: verifyOtp validation as GoTrue answers it', () => {
  it('a wrong code for an address, and a token hash that matches nothing', async () => {
    const code = await anon().auth.verifyOtp({
      email: `nobody-${randomUUID()}@example.test`,
      token: '123456',
      type: 'email',
    });
    expect(code.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const hash = await anon().auth.verifyOtp({ token_hash: 'no-such-hash', type: 'email' });
    expect(hash.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
  });

  it('a token hash with a type that is no e-mail verification', async () => {
    const r = await anon().auth.verifyOtp({ token_hash: 'abc', type: 'sms' as never });
    expect(r.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid email verification type',
    });
  });

  it('a malformed e-mail address or phone number', async () => {
    const email = await anon().auth.verifyOtp({ email: 'not-an-address', token: '123456', type: 'email' });
    expect(email.error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Invalid email format' });
    const phone = await anon().auth.verifyOtp({ phone: 'call me', token: '123456', type: 'sms' });
    expect(phone.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid phone number format (E.164 required)',
    });
    const unknownPhone = await anon().auth.verifyOtp({ phone: '+14155550100', token: '123456', type: 'sms' });
    expect(unknownPhone.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('the shape of the request body', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Verify requires a verification type'],
      [{ type: 'email' }, 'Verify requires either a token or a token hash'],
      [{ type: 'email', token: '1', token_hash: 'h' }, 'Verify requires either a token or a token hash'],
      [{ type: 'email', token: '123456' }, 'Only an email address or phone number should be provided on verify'],
      [
        { type: 'email', token: '123456', email: 'a@example.test', phone: '14155550100' },
        'Only an email address or phone number should be provided on verify',
      ],
      [{ type: 'email', token_hash: 'h', email: 'a@example.test' }, 'Only the token_hash and type should be provided'],
    ];
    for (const [body, message] of cases) {
      expect(await post('/auth/v1/verify', body)).toEqual({
        status: 400,
        body: { code: 'validation_failed', message },
      });
    }
  });

  it('GET /verify without a type or a token answers JSON, not a redirect', async () => {
    const noType = await http('/auth/v1/verify?token=abc', { headers: json, redirect: 'manual' });
    expect(noType.status).toBe(400);
    expect(await noType.json()).toEqual({ code: 'validation_failed', message: 'Verify requires a verification type' });
    const noToken = await http('/auth/v1/verify?type=signup', { headers: json, redirect: 'manual' });
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a token or a token hash',
    });
  });
});
