// What supabase-js reaches beyond e-mail and password, answered as GoTrue answers it with
// the fixture project's config.toml (the same as `supabase start`): anonymous sign-ins off, no
// SSO, no passkeys, no manual identity linking, no web3 and no id_token providers, no
// WebAuthn or phone factors, no OAuth 2.1 server and no custom OAuth providers, and
// reauthenticate mailing its code; and verifyOtp's validation messages. The last block
// walks every auth-js method of those features and checks GoTrue's own answer (never a
// 500): internal/api/api.go's routes and middleware.go's require…Enabled checks.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { inbox } from 'supabase-local/testing';
import {
  anon,
  ANON_KEY,
  type AnyClient,
  http,
  INBOX_URL,
  SERVICE_ROLE_KEY,
  signedInUser,
  STACK_URL,
  TEST_PASSWORD,
} from 'supabase-local/testing/vitest';
import { SITE_URL } from './support/fixture-project.ts';

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

describe('auth: features the project leaves off', () => {
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
    // GoTrue's own template (the fixture project configures none for it): the code in the subject and the body.
    const code = /^(\d{6}) is your verification code$/.exec(message.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(message.html).toContain(`<p>${code}</p>`);
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

/** A client with auth-js's experimental passkey API switched on (it throws before any request otherwise). */
function passkeyClient(key = ANON_KEY): AnyClient {
  return createClient(STACK_URL, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      experimental: { passkey: true },
    },
    realtime: { transport: ws as never },
  });
}

const disabled = (status: number, code: string, message: string) => ({
  data: null,
  error: expect.objectContaining({ status, code, message }),
});
const passkeysOff = disabled(404, 'passkey_disabled', 'Passkeys are disabled');
const oauthServerOff = disabled(404, 'feature_disabled', 'OAuth server is disabled');
const customProvidersOff = disabled(404, 'feature_disabled', 'Custom OAuth providers are disabled');

describe('auth: every auth-js method of a feature the project keeps off answers GoTrue’s error', () => {
  it('passkeys (auth.passkey.*): 404 passkey_disabled, before the session is looked at', async () => {
    const { email } = await signedInUser('passkey');
    const sb = passkeyClient();
    expect(await sb.auth.passkey.startAuthentication()).toEqual(passkeysOff);
    const credential = { id: 'x', rawId: 'x', type: 'public-key', response: {} } as never;
    expect(await sb.auth.passkey.verifyAuthentication({ challengeId: randomUUID(), credential })).toEqual(passkeysOff);
    expect((await sb.auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    expect(await sb.auth.passkey.startRegistration()).toEqual(passkeysOff);
    expect(await sb.auth.passkey.verifyRegistration({ challengeId: randomUUID(), credential })).toEqual(passkeysOff);
    expect(await sb.auth.passkey.list()).toEqual(passkeysOff);
    expect(await sb.auth.passkey.update({ passkeyId: randomUUID(), friendlyName: 'Phone' })).toEqual(passkeysOff);
    expect(await sb.auth.passkey.delete({ passkeyId: randomUUID() })).toEqual(passkeysOff);
  });

  it('WebAuthn and phone factors (auth.mfa.*): 422 mfa_*_enroll_not_enabled', async () => {
    const { sb } = await signedInUser('webauthn');
    expect(await sb.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' } as never)).toEqual(
      disabled(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
    );
    expect(await sb.auth.mfa.webauthn.enroll({ friendlyName: 'Key' } as never)).toEqual(
      disabled(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
    );
    expect(await sb.auth.mfa.enroll({ factorType: 'phone', phone: '+14155550100' })).toEqual(
      disabled(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'),
    );
  });

  it('the OAuth 2.1 server (auth.oauth.*): 404 feature_disabled, after the session', async () => {
    const { sb } = await signedInUser('oauth');
    const id = randomUUID();
    expect(await sb.auth.oauth.getAuthorizationDetails(id)).toEqual(oauthServerOff);
    expect(await sb.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true })).toEqual(oauthServerOff);
    expect(await sb.auth.oauth.denyAuthorization(id, { skipBrowserRedirect: true })).toEqual(oauthServerOff);
    expect(await sb.auth.oauth.listGrants()).toEqual(oauthServerOff);
    expect(await sb.auth.oauth.revokeGrant({ clientId: randomUUID() })).toEqual(oauthServerOff);
    // Its public endpoints and metadata too, signed in or not.
    for (const [method, path] of [
      ['GET', '/auth/v1/oauth/authorize?client_id=x&response_type=code'],
      ['POST', '/auth/v1/oauth/token'],
      ['POST', '/auth/v1/oauth/clients/register'],
      ['GET', '/auth/v1/oauth/userinfo'],
      ['GET', '/auth/v1/.well-known/oauth-authorization-server'],
    ]) {
      const r = await http(path!, { method, headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
      expect([path, r.status, await r.json()]).toEqual([
        path,
        404,
        { code: 'feature_disabled', message: 'OAuth server is disabled' },
      ]);
    }
  });

  it('the admin API of OAuth clients (auth.admin.oauth.*): 404 feature_disabled for the service role, 403 for others', async () => {
    const admin = passkeyClient(SERVICE_ROLE_KEY).auth.admin;
    const id = randomUUID();
    expect(await admin.oauth.listClients()).toEqual({
      data: { clients: [] },
      error: expect.objectContaining({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' }),
    });
    expect(
      await admin.oauth.createClient({ client_name: 'Screens', redirect_uris: ['https://example.test/cb'] }),
    ).toEqual(oauthServerOff);
    expect(await admin.oauth.getClient(id)).toEqual(oauthServerOff);
    expect(await admin.oauth.updateClient(id, { client_name: 'Screens 2' })).toEqual(oauthServerOff);
    expect(await admin.oauth.deleteClient(id)).toEqual(oauthServerOff);
    expect(await admin.oauth.regenerateClientSecret(id)).toEqual(oauthServerOff);
    expect(await anon().auth.admin.oauth.getClient(id)).toEqual(disabled(403, 'not_admin', 'User not allowed'));
  });

  it('custom OAuth providers (auth.admin.customProviders.*): 404 feature_disabled', async () => {
    const admin = passkeyClient(SERVICE_ROLE_KEY).auth.admin;
    const list = await admin.customProviders.listProviders();
    expect(list.error).toMatchObject({
      status: 404,
      code: 'feature_disabled',
      message: 'Custom OAuth providers are disabled',
    });
    const provider = {
      provider_type: 'oidc',
      identifier: 'custom:acme',
      name: 'Acme',
      client_id: 'id',
      client_secret: 'secret',
      issuer: 'https://acme.example.test',
    } as never;
    expect(await admin.customProviders.createProvider(provider)).toEqual(customProvidersOff);
    expect(await admin.customProviders.getProvider('custom:acme')).toEqual(customProvidersOff);
    expect(await admin.customProviders.updateProvider('custom:acme', { name: 'Acme 2' } as never)).toEqual(
      customProvidersOff,
    );
    expect(await admin.customProviders.deleteProvider('custom:acme')).toEqual(customProvidersOff);
  });

  it('a user’s passkeys and factors through the admin API (auth.admin.passkey.*, auth.admin.mfa.*), served with passkeys off', async () => {
    const { id, sb } = await signedInUser('admin-factors');
    const admin = passkeyClient(SERVICE_ROLE_KEY).auth.admin;
    expect(await admin.passkey.listPasskeys({ userId: id })).toEqual({ data: [], error: null });
    expect(await admin.passkey.deletePasskey({ userId: id, passkeyId: randomUUID() })).toEqual(
      disabled(404, 'validation_failed', 'Passkey not found'),
    );
    expect(await admin.passkey.listPasskeys({ userId: randomUUID() })).toEqual(
      disabled(404, 'user_not_found', 'User not found'),
    );

    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    const listed = await admin.mfa.listFactors({ userId: id });
    expect(listed).toEqual({
      data: {
        factors: [
          expect.objectContaining({
            id: enrolled.data!.id,
            factor_type: 'totp',
            status: 'unverified',
            friendly_name: 'Phone app',
          }),
        ],
      },
      error: null,
    });
    // GoTrue answers the deleted factor (auth-js passes its whole answer on as `data`).
    const deleted = await admin.mfa.deleteFactor({ userId: id, id: enrolled.data!.id });
    expect(deleted.error).toBeNull();
    expect(JSON.stringify(deleted.data)).toContain(enrolled.data!.id);
    expect((await admin.mfa.listFactors({ userId: id })).data).toEqual({ factors: [] });
    expect(await admin.mfa.deleteFactor({ userId: id, id: enrolled.data!.id })).toEqual(
      disabled(404, 'mfa_factor_not_found', 'Factor not found'),
    );
  });

  it('signInWithOAuth: its URL answers 400 "Unsupported provider" for every provider, as GET /authorize does', async () => {
    const { data, error } = await anon().auth.signInWithOAuth({
      provider: 'github',
      options: { skipBrowserRedirect: true, redirectTo: `${SITE_URL}/auth` },
    });
    expect(error).toBeNull();
    // A browser follows the URL without supabase-js's API-version header: GoTrue's older error shape.
    const r = await fetch(data.url!, { redirect: 'manual' });
    expect([r.status, await r.json()]).toEqual([
      400,
      { code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' },
    ]);
    const unknown = await fetch(`${STACK_URL}/auth/v1/authorize?provider=myspace`);
    expect(await unknown.json()).toMatchObject({ msg: 'Unsupported provider: Provider myspace could not be found' });
    const custom = await fetch(`${STACK_URL}/auth/v1/authorize?provider=custom:acme`);
    expect(await custom.json()).toMatchObject({ msg: 'Unsupported provider: custom OAuth providers are disabled' });
  });

  it('SSO by provider id and SAML’s own endpoints: 404 saml_provider_disabled', async () => {
    expect(await anon().auth.signInWithSSO({ providerId: randomUUID() })).toEqual(
      disabled(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
    );
    for (const [method, path] of [
      ['GET', '/auth/v1/sso/saml/metadata'],
      ['POST', '/auth/v1/sso/saml/acs'],
    ]) {
      const r = await http(path!, { method, headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
      expect([r.status, await r.json()]).toEqual([
        404,
        { code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' },
      ]);
    }
  });
});
