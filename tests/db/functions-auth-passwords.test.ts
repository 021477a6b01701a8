// The password edge functions against the real stack: setup-password (a person
// sets their own password, proved by their session or their invite e-mail) and
// set-users-password (an admin sets a customer's password).
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { inbox, loopbackAddress, secretOf, totp, verifyLink } from 'supabase-local/testing';
import {
  anon,
  ANON_KEY,
  type AnyClient,
  client,
  INBOX_URL,
  service,
  signedInUser,
  signInAgain,
  STACK_URL,
  TEST_PASSWORD,
} from 'supabase-local/testing/vitest';

const mail = inbox(INBOX_URL);
const tag = () => randomUUID().slice(0, 8);
const address = (name: string) => `${name}-${tag()}@example.test`;

/** Status and JSON body of an invoke, whether it succeeded or not. */
async function invoke(
  caller: AnyClient,
  name: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const { data, error, response } = await caller.functions.invoke(name, { body });
  if (error) {
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    return { status: res.status, body: await res.json() };
  }
  return { status: response!.status, body: data };
}

/** A login with a password, and a client signed in as it. */
async function signedIn(
  email = address('member'),
  password = 'first-password',
): Promise<{ email: string; caller: AnyClient }> {
  const { error } = await service().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { role: 'customer' },
  });
  expect(error).toBeNull();
  return { email, caller: await signIn(email, password) };
}

async function signIn(email: string, password: string): Promise<AnyClient> {
  const { data, error } = await anon().auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client(ANON_KEY, data.session!.access_token);
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const { data } = await anon().auth.signInWithPassword({ email, password });
  return !!data.session;
}

/** A customers row; with `login`, also the customer's login with a password, linked to it. */
async function newCustomer(login: boolean): Promise<{ username: string; email: string }> {
  const username = `venue-${tag()}`;
  const email = address('venue');
  let userId: string | null = null;
  if (login) {
    const { data, error } = await service().auth.admin.createUser({
      email,
      password: 'old-password',
      email_confirm: true,
      app_metadata: { role: 'customer' },
    });
    expect(error).toBeNull();
    userId = data.user!.id;
  }
  const { error } = await service()
    .from('customers')
    .insert({ name: `Venue ${username}`, username, email, user_id: userId });
  expect(error).toBeNull();
  return { username, email };
}

describe('setup-password', () => {
  it('refuses a caller without a session', async () => {
    const { email } = await signedIn();
    expect(await invoke(anon(), 'setup-password', { email, password: 'second-password' })).toEqual({
      status: 401,
      body: { error: 'Not signed in' },
    });
    expect(await canSignIn(email, 'second-password')).toBe(false);
  });

  it('refuses to set the password of another account', async () => {
    const me = await signedIn();
    const other = await signedIn();
    expect(await invoke(me.caller, 'setup-password', { email: other.email, password: 'second-password' })).toEqual({
      status: 403,
      body: { error: 'You can only set the password of your own account' },
    });
    expect(await canSignIn(other.email, 'second-password')).toBe(false);
  });

  it('sets the caller’s own password, which then signs in', async () => {
    const { email, caller } = await signedIn();
    expect(await invoke(caller, 'setup-password', { email: email.toUpperCase(), password: 'second-password' })).toEqual(
      {
        status: 200,
        body: { ok: true },
      },
    );
    expect(await canSignIn(email, 'second-password')).toBe(true);
    expect(await canSignIn(email, 'first-password')).toBe(false);
  });

  it('needs the second factor of an account that has one, as Auth does for a new password', async () => {
    const { sb, email } = await signedInUser('setup-mfa', { ip: loopbackAddress() });
    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data!.id;
    const code = totp(secretOf(enrolled.data!.totp.uri));
    expect((await sb.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();

    // Signed in with the password only (aal1): refused, and the password stays.
    const aal1 = await signInAgain(email, loopbackAddress());
    expect(await invoke(aal1, 'setup-password', { email, password: 'second-password' })).toEqual({
      status: 401,
      body: { error: 'AAL2 session is required to update email or password when MFA is enabled.' },
    });
    expect(await canSignIn(email, TEST_PASSWORD)).toBe(true);

    // With the code entered (aal2), the password is set.
    expect(await invoke(sb, 'setup-password', { email, password: 'second-password' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await canSignIn(email, 'second-password')).toBe(true);
  });

  it('accepts the token_hash of the invite e-mail instead of a session', async () => {
    const email = address('invited');
    const sentAt = Date.now();
    const { error } = await service().auth.admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    const tokenHash = new URL(verifyLink(await mail.latest(email, { after: sentAt }))).searchParams.get('token')!;
    expect(
      await invoke(anon(), 'setup-password', { email, password: 'invited-password', token_hash: tokenHash }),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await canSignIn(email, 'invited-password')).toBe(true);
    // The invite is spent.
    expect(
      (await invoke(anon(), 'setup-password', { email, password: 'another-password', token_hash: tokenHash })).status,
    ).toBe(401);
  });

  it('refuses a password shorter than 6 characters and bad input', async () => {
    const { email, caller } = await signedIn();
    expect(await invoke(caller, 'setup-password', { email, password: '12345' })).toEqual({
      status: 422,
      body: { error: 'Password must be at least 6 characters long.' },
    });
    expect((await invoke(caller, 'setup-password', { email })).status).toBe(400);
    expect(await canSignIn(email, 'first-password')).toBe(true);
  });
});

describe('set-users-password', () => {
  const admin = () => signIn('admin@example.com', 'demo-admin-pass');

  it('refuses anonymous callers and customers', async () => {
    const { username, email } = await newCustomer(true);
    expect(await invoke(anon(), 'set-users-password', { username, newPassword: 'by-a-stranger' })).toEqual({
      status: 401,
      body: { error: 'Not signed in' },
    });
    const customer = await signIn(email, 'old-password');
    expect(await invoke(customer, 'set-users-password', { username, newPassword: 'by-a-customer' })).toEqual({
      status: 403,
      body: { error: 'Only admins can set passwords' },
    });
    // Without any key or token the runtime itself refuses (verify_jwt).
    const bare = await fetch(`${STACK_URL}/functions/v1/set-users-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, newPassword: 'no-token' }),
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ msg: 'Error: Missing authorization header' });
    expect(await canSignIn(email, 'old-password')).toBe(true);
  });

  it('lets an admin set a customer’s password, which then signs in', async () => {
    const { username, email } = await newCustomer(true);
    expect(await invoke(await admin(), 'set-users-password', { username, newPassword: 'set-by-admin' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await canSignIn(email, 'set-by-admin')).toBe(true);
    expect(await canSignIn(email, 'old-password')).toBe(false);
  });

  it('finds the customer by e-mail when the username is one', async () => {
    const { email } = await newCustomer(true);
    expect(
      await invoke(await admin(), 'set-users-password', { username: email.toUpperCase(), newPassword: 'set-by-email' }),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await canSignIn(email, 'set-by-email')).toBe(true);
  });

  it('creates a confirmed customer login for a customer who had none', async () => {
    const { username, email } = await newCustomer(false);
    expect(await invoke(await admin(), 'set-users-password', { username, newPassword: 'first-login' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const { data, error } = await anon().auth.signInWithPassword({ email, password: 'first-login' });
    expect(error).toBeNull();
    expect(data.user?.app_metadata.role).toBe('customer');
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const { data: row } = await service().from('users').select('role').eq('id', data.user!.id).single();
    expect(row).toEqual({ role: 'customer' });
    // The new login is the customer's: linked to the row, it reads it.
    const { data: venue } = await client(ANON_KEY, data.session!.access_token).from('customers').select('username');
    expect(venue).toEqual([{ username }]);
  });

  it('answers 404 for an unknown username and 422 for a short password', async () => {
    const caller = await admin();
    expect(
      await invoke(caller, 'set-users-password', { username: `nobody-${tag()}`, newPassword: 'long-enough' }),
    ).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
    });
    const { username, email } = await newCustomer(true);
    expect(await invoke(caller, 'set-users-password', { username, newPassword: '12345' })).toEqual({
      status: 422,
      body: { error: 'Password must be at least 6 characters' },
    });
    expect(await canSignIn(email, 'old-password')).toBe(true);
    expect((await invoke(caller, 'set-users-password', { username })).status).toBe(400);
  });
});
