// Secure e-mail change as config.toml sets it (enable_confirmations and
// double_confirm_changes on): a signed-in user's new address stays pending until
// both the current and the new address confirm; the admin API changes it at once.
// Then with GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED=false, where the new address alone confirms.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestClient, inbox, type InboxClient, otpCode, verifyLink } from 'supabase-local/testing';
import { ANON_KEY, INBOX_URL, SERVICE_ROLE_KEY, STACK_URL } from 'supabase-local/testing/vitest';
import { SITE_URL } from './support/fixture-project.ts';
import { ownFixtureStack } from './support/own-stack.ts';

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const PASSWORD = 'long-enough';

/** An admin-made, confirmed user, signed in on a client of its own. */
async function signedInUser(url: string) {
  const address = email('holder');
  const created = await createTestClient(url, SERVICE_ROLE_KEY).auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
  expect(created.error).toBeNull();
  const c = createTestClient(url);
  const { data, error } = await c.auth.signInWithPassword({ email: address, password: PASSWORD });
  expect(error).toBeNull();
  return { address, c, id: created.data.user!.id, accessToken: data.session!.access_token };
}

/** The e-mail /auth/v1/user reports for a token. */
async function currentEmail(url: string, accessToken: string) {
  const r = await fetch(`${url}/auth/v1/user`, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${accessToken}` } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { email: string; new_email?: string });
}

async function follow(link: string): Promise<URL> {
  const r = await fetch(link, { redirect: 'manual' });
  expect(r.status).toBe(303);
  return new URL(r.headers.get('location')!);
}

async function changeMails(mail: InboxClient, from: string, to: string, sentAt: number) {
  const toNew = await mail.latest(to, { after: sentAt });
  const toCurrent = await mail.latest(from, { after: sentAt });
  for (const m of [toNew, toCurrent]) {
    // The fixture project's own template ([auth.email.template.email_change]).
    expect(m.subject).toBe('Fixture Project: confirm your new address');
    expect(m.text).toContain(`from ${from} to ${to}`);
    expect(new URL(verifyLink(m)).searchParams.get('type')).toBe('email_change');
  }
  return { toNew, toCurrent };
}

describe('auth: secure e-mail change (config.toml)', () => {
  const mail = inbox(INBOX_URL);

  it('keeps the old address until both the new and the current address confirm', async () => {
    const { address, c, id, accessToken } = await signedInUser(STACK_URL);
    const profileEmail = async () =>
      (await createTestClient(STACK_URL, SERVICE_ROLE_KEY).from('profiles').select('email').eq('id', id).single()).data?.email as string;
    const next = email('next');
    const sentAt = Date.now();
    const { data, error } = await c.auth.updateUser({ email: next }, { emailRedirectTo: `${SITE_URL}/account` });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: address, new_email: next });
    expect(data.user?.email_change_sent_at).toBeTruthy();
    expect(await currentEmail(STACK_URL, accessToken)).toMatchObject({ email: address, new_email: next });

    const { toNew, toCurrent } = await changeMails(mail, address, next, sentAt);
    expect(verifyLink(toNew)).not.toBe(verifyLink(toCurrent));

    // The new address first: accepted, nothing changes yet.
    const first = await follow(verifyLink(toNew));
    expect(`${first.origin}${first.pathname}`).toBe(`${SITE_URL}/account`);
    const firstFragment = new URLSearchParams(first.hash.slice(1));
    expect(firstFragment.get('message')).toBe(ACCEPTED);
    expect(firstFragment.get('access_token')).toBeNull();
    expect(await currentEmail(STACK_URL, accessToken)).toMatchObject({ email: address, new_email: next });
    expect((await createTestClient(STACK_URL).auth.signInWithPassword({ email: next, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect(await profileEmail()).toBe(address);

    // A link used once does not count twice.
    const again = new URLSearchParams((await follow(verifyLink(toNew))).hash.slice(1));
    expect(again.get('error_code')).toBe('otp_expired');
    expect((await currentEmail(STACK_URL, accessToken)).email).toBe(address);

    // Then the current address: the change applies.
    const second = await follow(verifyLink(toCurrent));
    const fragment = new URLSearchParams(second.hash.slice(1));
    expect(fragment.get('type')).toBe('email_change');
    expect(fragment.get('access_token')).toBeTruthy();
    const after = await currentEmail(STACK_URL, accessToken);
    expect(after.email).toBe(next);
    expect(after.new_email).toBeUndefined();
    // The fixture's profile row follows through its trigger on auth.users.
    expect(await profileEmail()).toBe(next);
    expect((await createTestClient(STACK_URL).auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await createTestClient(STACK_URL).auth.signInWithPassword({ email: address, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('accepts the two six-digit codes with POST /verify', async () => {
    const { address, c, accessToken } = await signedInUser(STACK_URL);
    const next = email('coded');
    const sentAt = Date.now();
    expect((await c.auth.updateUser({ email: next })).error).toBeNull();
    const { toNew, toCurrent } = await changeMails(mail, address, next, sentAt);

    const verify = (body: Record<string, string>) =>
      fetch(`${STACK_URL}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ type: 'email_change', ...body }),
      });
    const wrong = await verify({ email: address, token: otpCode(toCurrent) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'otp_expired' });

    const first = await verify({ email: address, token: otpCode(toCurrent) });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ msg: ACCEPTED, code: '200' });
    expect((await currentEmail(STACK_URL, accessToken)).email).toBe(address);

    const second = await createTestClient(STACK_URL).auth.verifyOtp({ email: next, token: otpCode(toNew), type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    expect((await currentEmail(STACK_URL, accessToken)).email).toBe(next);
  });

  it('refuses an address another user has', async () => {
    const one = await signedInUser(STACK_URL);
    const other = await signedInUser(STACK_URL);
    const clash = await one.c.auth.updateUser({ email: other.address });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
    expect(await mail.count(other.address)).toBe(0);
  });

  it('lets the admin API change the address at once', async () => {
    const { address, id, accessToken } = await signedInUser(STACK_URL);
    const next = email('admin-set');
    const admin = createTestClient(STACK_URL, SERVICE_ROLE_KEY).auth.admin;
    const { data, error } = await admin.updateUserById(id, { email: next, email_confirm: true });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: next });
    expect((await currentEmail(STACK_URL, accessToken)).email).toBe(next);
    expect(await mail.count(next)).toBe(0);
    expect(await mail.count(address)).toBe(0);
    expect((await createTestClient(STACK_URL).auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
  });
});

describe('auth: e-mail change without double confirmation (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED=false)', () => {
  const stack = ownFixtureStack(72, 'single-confirm', { GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: 'false' });


  it('mails only the new address, whose link alone applies the change', async () => {
    const mail = inbox(`http://127.0.0.1:${stack.env.STACK_INBOX_PORT}`);
    const { address, c, accessToken } = await signedInUser(stack.url);
    const next = email('single');
    const sentAt = Date.now();
    const { data, error } = await c.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: address, new_email: next });
    const link = verifyLink(await mail.latest(next, { after: sentAt }));
    expect(await mail.count(address)).toBe(0);
    expect((await currentEmail(stack.url, accessToken)).email).toBe(address);

    const target = await follow(link);
    expect(new URLSearchParams(target.hash.slice(1)).get('access_token')).toBeTruthy();
    expect((await currentEmail(stack.url, accessToken)).email).toBe(next);
  });
});
