// Multi-factor authentication with TOTP, as GoTrue serves it to supabase-js (auth.mfa.*),
// with config.toml's [auth.mfa.totp] on and phone/WebAuthn off: enrolment (secret,
// otpauth URI, QR code), challenge, verify (an aal2 session with amr), listFactors,
// getAuthenticatorAssuranceLevel, unenrol, and GoTrue's refusals. Codes come from an
// RFC 6238 implementation in the test (testing/totp.ts), as an authenticator app
// computes them. Each test connects from an address of its own (a loopback address, see
// tests/support/client-address.ts): challenges are bound to the IP that asked for them,
// and the challenge/verify limits count per IP.
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { loopbackAddress, secretOf, totp } from 'supabase-local/testing';
import {
  ANON_KEY,
  type AnyClient,
  clientFrom,
  signedInUser,
  signInAgain,
  STACK_URL,
} from 'supabase-local/testing/vitest';
import { SITE_URL } from './support/fixture-project.ts';

const freshIp = loopbackAddress;

/** A confirmed user signed in with its password from an IP of its own. */
const signedIn = () => signedInUser('mfa', { ip: freshIp() });

/** Enrols a TOTP factor and verifies it (the session becomes aal2); returns the factor id and secret. */
async function enrolVerified(sb: AnyClient, friendlyName = 'phone app'): Promise<{ factorId: string; secret: string }> {
  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  expect(enrolled.error).toBeNull();
  const factorId = enrolled.data!.id;
  const secret = secretOf(enrolled.data!.totp.uri);
  const verified = await sb.auth.mfa.challengeAndVerify({ factorId, code: totp(secret) });
  expect(verified.error).toBeNull();
  return { factorId, secret };
}

describe('auth: MFA with TOTP', () => {
  it('enrols a factor: id, friendly name, base32 secret, otpauth URI and a QR code SVG', async () => {
    const { sb, email } = await signedIn();
    const { data, error } = await sb.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Authenticator',
      issuer: 'Fixture Project',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'totp',
      friendly_name: 'Authenticator',
    });
    const { secret, uri, qr_code } = data!.totp;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe(`/Fixture Project:${email}`);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      algorithm: 'SHA1',
      digits: '6',
      issuer: 'Fixture Project',
      period: '30',
      secret,
    });
    // auth-js hands the SVG over as a data URL an <img> can show.
    expect(qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml version="1.0"\?>/);
    expect(qr_code).toContain('<svg');
    expect((qr_code.match(/<rect /g) ?? []).length).toBeGreaterThan(400);
    // Usable as an <img> source as it is: no "#", which would end a data: URL.
    expect(qr_code).not.toContain('#');

    // Until verified the factor is listed under all only, unverified.
    const listed = await sb.auth.mfa.listFactors();
    expect(listed.error).toBeNull();
    expect(listed.data!.all).toEqual([
      expect.objectContaining({
        id: data!.id,
        factor_type: 'totp',
        status: 'unverified',
        friendly_name: 'Authenticator',
      }),
    ]);
    expect(listed.data!.totp).toEqual([]);
  });

  it('defaults the issuer to the site URL host', async () => {
    const { sb } = await signedIn();
    const { data } = await sb.auth.mfa.enroll({ factorType: 'totp' });
    expect(new URL(data!.totp.uri).searchParams.get('issuer')).toBe(new URL(SITE_URL).host);
    expect(data!.friendly_name).toBe('');
  });

  it('challenges and verifies: the session becomes aal2 with totp first in amr, and the factor verified', async () => {
    const { sb } = await signedIn();
    const before = await sb.auth.getSession();
    const claims1 = decodeJwt(before.data.session!.access_token);
    expect(claims1).toMatchObject({ aal: 'aal1', amr: [{ method: 'password', timestamp: expect.any(Number) }] });

    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' });
    const factorId = enrolled.data!.id;
    const challenge = await sb.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const now = Math.floor(Date.now() / 1000);
    expect(challenge.data).toEqual({ id: expect.any(String), type: 'totp', expires_at: expect.any(Number) });
    // GoTrue's challenge_expiry_duration: 300 s.
    expect(challenge.data!.expires_at).toBeGreaterThanOrEqual(now + 299);
    expect(challenge.data!.expires_at).toBeLessThanOrEqual(now + 301);

    const code = totp(secretOf(enrolled.data!.totp.uri));
    const verified = await sb.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: claims1.sub } });
    const claims2 = decodeJwt(verified.data!.access_token);
    expect(claims2.session_id).toBe(claims1.session_id);
    expect(claims2.aal).toBe('aal2');
    expect((claims2.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password']);
    // A new refresh token came with it.
    expect(verified.data!.refresh_token).not.toBe(before.data.session!.refresh_token);

    const aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(aal.data!.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual([
      'totp',
      'password',
    ]);

    const listed = await sb.auth.mfa.listFactors();
    expect(listed.data!.totp).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
    const user = await sb.auth.getUser();
    expect(user.data.user!.factors).toEqual([
      {
        id: factorId,
        friendly_name: 'app',
        factor_type: 'totp',
        status: 'verified',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        phone: '',
        last_challenged_at: expect.any(String),
      },
    ]);

    // The session stays aal2 through a refresh.
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('a new sign-in of an enrolled user is aal1 with aal2 next, until it verifies a code', async () => {
    const { sb, email } = await signedIn();
    const { factorId, secret } = await enrolVerified(sb);
    const again = await signInAgain(email, freshIp());
    const aal = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { error } = await again.auth.mfa.challengeAndVerify({ factorId, code: totp(secret) });
    expect(error).toBeNull();
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2' });
  });

  it('accepts the codes of the neighbouring 30 s steps and refuses others and wrong codes', async () => {
    const { sb } = await signedIn();
    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data!.id;
    const secret = secretOf(enrolled.data!.totp.uri);
    const tryCode = async (code: string) => {
      const ch = await sb.auth.mfa.challenge({ factorId });
      return sb.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code });
    };
    const wrong = await tryCode(totp(secret, Date.now(), 3));
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    const short = await tryCode('12345');
    expect(short.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const previous = await tryCode(totp(secret, Date.now(), -1));
    expect(previous.error).toBeNull();
  });

  it('refuses a used challenge, a challenge from another IP, an unknown challenge and an empty code', async () => {
    const { sb, email } = await signedIn();
    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data!.id;
    const secret = secretOf(enrolled.data!.totp.uri);

    const empty = await sb.auth.mfa.verify({ factorId, challengeId: randomUUID(), code: '' });
    expect(empty.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Code needs to be non-empty',
    });

    const unknown = await sb.auth.mfa.verify({ factorId, challengeId: randomUUID(), code: totp(secret) });
    expect(unknown.error).toMatchObject({
      status: 422,
      code: 'mfa_factor_not_found',
      message: 'MFA factor with the provided challenge ID not found',
    });

    // The same user signed in from elsewhere cannot answer this IP's challenge.
    const ch = await sb.auth.mfa.challenge({ factorId });
    const elsewhere = await signInAgain(email, freshIp());
    const moved = await elsewhere.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code: totp(secret) });
    expect(moved.error).toMatchObject({
      status: 422,
      code: 'mfa_ip_address_mismatch',
      message: 'Challenge and verify IP addresses mismatch.',
    });

    const ok = await sb.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code: totp(secret) });
    expect(ok.error).toBeNull();
    const reused = await sb.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code: totp(secret) });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('verifying ends the user’s other aal1 sessions, as GoTrue does', async () => {
    const { sb, email } = await signedIn();
    const other = await signInAgain(email, freshIp());
    const otherToken = (await other.auth.getSession()).data.session!.access_token;
    await enrolVerified(sb);
    const r = await fetch(`${STACK_URL}/auth/v1/user`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${otherToken}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    // supabase-js reads that as a missing session.
    expect((await other.auth.getUser()).error).toMatchObject({ name: 'AuthSessionMissingError' });
  });

  it('refuses a second factor with the same friendly name, and a new factor at aal1 once one is verified', async () => {
    const { sb, email } = await signedIn();
    await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'twice' });
    const dup = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'twice' });
    expect(dup.error).toMatchObject({
      status: 422,
      code: 'mfa_factor_name_conflict',
      message: 'A factor with the friendly name "twice" for this user already exists',
    });
    await enrolVerified(sb, 'main');
    const aal1 = await signInAgain(email, freshIp());
    const more = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'backup' });
    expect(more.error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    });
    // At aal2 a second factor may be enrolled.
    const ok = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'backup' });
    expect(ok.error).toBeNull();
  });

  it('with a verified factor, an aal1 session may not change the password or e-mail (401 insufficient_aal)', async () => {
    const { sb, email } = await signedIn();
    await enrolVerified(sb);
    const aal1 = await signInAgain(email, freshIp());
    const INSUFFICIENT = {
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    };

    const password = await aal1.auth.updateUser({ password: 'a-new-password-1' });
    expect(password.error).toMatchObject(INSUFFICIENT);
    const address = await aal1.auth.updateUser({ email: `moved-${randomUUID().slice(0, 8)}@example.test` });
    expect(address.error).toMatchObject(INSUFFICIENT);
    // As HTTP: 401 with GoTrue's error code header.
    const token = (await aal1.auth.getSession()).data.session!.access_token;
    const r = await fetch(`${STACK_URL}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'a-new-password-2' }),
    });
    expect(r.status).toBe(401);
    expect(r.headers.get('x-sb-error-code')).toBe('insufficient_aal');

    // Nothing changed: the old password still signs in, the e-mail is the same.
    const again = await signInAgain(email, freshIp());
    expect((await again.auth.getUser()).data.user!.email).toBe(email);
    // What is not a credential may still change at aal1; the same e-mail is no change.
    expect((await aal1.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
    expect((await aal1.auth.updateUser({ email })).error).toBeNull();

    // At aal2 the password changes.
    expect((await sb.auth.updateUser({ password: 'a-new-password-3' })).error).toBeNull();
    const withNew = clientFrom(freshIp());
    expect((await withNew.auth.signInWithPassword({ email, password: 'a-new-password-3' })).error).toBeNull();
  });

  it('an aal1 session changes its password freely while its factor is not verified', async () => {
    const { sb, email } = await signedIn();
    await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'not yet' });
    expect((await sb.auth.updateUser({ password: 'another-password-1' })).error).toBeNull();
    const withNew = clientFrom(freshIp());
    expect((await withNew.auth.signInWithPassword({ email, password: 'another-password-1' })).error).toBeNull();
  });

  it('limits only challenge and verify, each with a bucket of its own; enrol and unenrol have none (as GoTrue)', async () => {
    const { sb } = await signedIn();
    // 40 enrolments and unenrolments in a row: GoTrue puts no limit on either.
    for (let i = 0; i < 40; i++) {
      const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: `app ${i}` });
      expect(enrolled.error).toBeNull();
      expect((await sb.auth.mfa.unenroll({ factorId: enrolled.data!.id })).error).toBeNull();
    }
    const { factorId, secret } = await enrolVerified(sb, 'kept');
    const pending = await sb.auth.mfa.challenge({ factorId });
    expect(pending.error).toBeNull();
    // The enrolment and `pending` took 2 of the 30 challenges: 28 more pass, the next is refused.
    for (let i = 0; i < 28; i++) expect((await sb.auth.mfa.challenge({ factorId })).error).toBeNull();
    expect((await sb.auth.mfa.challenge({ factorId })).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    // Verification has a bucket of its own: the pending challenge still verifies.
    const verified = await sb.auth.mfa.verify({ factorId, challengeId: pending.data!.id, code: totp(secret) });
    expect(verified.error).toBeNull();
  });

  it('unenrols: an unverified factor at aal1; a verified one only at aal2, which then drops to aal1', async () => {
    const { sb, email } = await signedIn();
    const pending = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'pending' });
    const removed = await sb.auth.mfa.unenroll({ factorId: pending.data!.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: pending.data!.id });

    const { factorId } = await enrolVerified(sb);
    const aal1 = await signInAgain(email, freshIp());
    const refused = await aal1.auth.mfa.unenroll({ factorId });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });

    const done = await sb.auth.mfa.unenroll({ factorId });
    expect(done.error).toBeNull();
    // The session that factor raised is aal1 again on its next token, without totp.
    const refreshed = await sb.auth.refreshSession();
    const claims = decodeJwt(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['password']);
    expect((await sb.auth.mfa.listFactors()).data!.all).toEqual([]);
    expect((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
  });

  it('answers factor_id errors as GoTrue: not a UUID, not the caller’s factor', async () => {
    const { sb } = await signedIn();
    const { sb: other } = await signedIn();
    const theirs = await other.auth.mfa.enroll({ factorType: 'totp' });
    const notOwned = await sb.auth.mfa.challenge({ factorId: theirs.data!.id });
    expect(notOwned.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
    const bad = await sb.auth.mfa.unenroll({ factorId: 'not-a-uuid' });
    expect(bad.error).toMatchObject({ status: 404, code: 'validation_failed', message: 'factor_id must be an UUID' });
  });

  it('answers GoTrue’s errors for a bad factor type, and for phone and WebAuthn, which config.toml leaves off', async () => {
    const { sb } = await signedIn();
    const phone = await sb.auth.mfa.enroll({ factorType: 'phone', phone: '+14155550100' });
    expect(phone.error).toMatchObject({
      status: 422,
      code: 'mfa_phone_enroll_not_enabled',
      message: 'MFA enroll is disabled for Phone',
    });
    const webauthn = await sb.auth.mfa.enroll({ factorType: 'webauthn' } as never);
    expect(webauthn.error).toMatchObject({
      status: 422,
      code: 'mfa_webauthn_enroll_not_enabled',
      message: 'MFA enroll is disabled for WebAuthn',
    });
    const bogus = await sb.auth.mfa.enroll({ factorType: 'sms' } as never);
    expect(bogus.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'factor_type needs to be totp, phone, or webauthn',
    });
  });

  it('needs a signed-in user', async () => {
    // Without a session supabase-js sends the anon key as the bearer: a token without a user.
    const { data, error } = await clientFrom(freshIp()).auth.mfa.enroll({ factorType: 'totp' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    const r = await fetch(`${STACK_URL}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });

  it('limits challenges per IP as GoTrue does: a burst of 30, then 429', async () => {
    const { sb } = await signedIn();
    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp' });
    // Forty at once: the burst of 30 passes, the rest are refused (the bucket refills a token
    // only every few seconds, so a loaded machine cannot let the rest through one by one).
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => sb.auth.mfa.challenge({ factorId: enrolled.data!.id })),
    );
    const passed = answers.filter((r) => !r.error);
    const refused = answers.filter((r) => r.error);
    expect(passed.length).toBeGreaterThanOrEqual(30);
    expect(passed.length).toBeLessThan(40);
    for (const r of refused)
      expect(r.error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
  });
});
