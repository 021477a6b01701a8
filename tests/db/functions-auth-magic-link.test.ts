// The send-magic-link edge function against the real stack: a customer gets a
// sign-in link from Supabase Auth, anyone else gets the same answer and no
// e-mail, and each address is limited to 5 requests per 15 minutes.
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { inbox, verifyLink } from 'supabase-local/testing';
import { anon, http, INBOX_URL, service, STACK_URL } from 'supabase-local/testing/vitest';

const mail = inbox(INBOX_URL);
const SITE_URL = 'http://127.0.0.1:5173';
const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

/** A customers row (with no login yet) for a new address. */
async function newCustomer(tag: string): Promise<string> {
  const email = address(tag);
  const { error } = await service()
    .from('customers')
    .insert({ name: `Venue ${tag}`, username: `${tag}-${randomUUID().slice(0, 8)}`, email });
  expect(error).toBeNull();
  return email;
}

/** Status and JSON body of an invoke, whether it succeeded or not. */
async function invoke(
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const { data, error, response } = await anon().functions.invoke('send-magic-link', {
    body: body as Record<string, unknown>,
    headers,
  });
  const ms = performance.now() - started;
  if (error) {
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    return { status: res.status, body: await res.json(), ms };
  }
  return { status: response!.status, body: data, ms };
}

/** Follows a link as a browser would, without following the redirect. */
async function follow(link: string): Promise<URL> {
  const r = await fetch(link, { redirect: 'manual' });
  expect(r.status).toBe(303);
  return new URL(r.headers.get('location')!);
}

describe('send-magic-link', () => {
  it('e-mails a customer a link that signs them in as a new customer login', async () => {
    const email = await newCustomer('venue');
    const sentAt = Date.now();
    const res = await invoke({ email: email.toUpperCase(), redirectTo: `${SITE_URL}/auth/callback` });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });

    const link = verifyLink(await mail.latest(email, { after: sentAt }));
    expect(new URL(link).searchParams.get('type')).toBe('magiclink');
    const target = await follow(link);
    expect(`${target.origin}${target.pathname}`).toBe(`${SITE_URL}/auth/callback`);
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('type')).toBe('magiclink');
    const { data, error } = await anon().auth.getUser(fragment.get('access_token')!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata.role).toBe('customer');
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const { data: row } = await service().from('users').select('role').eq('id', data.user!.id).single();
    expect(row).toEqual({ role: 'customer' });
  });

  it('sends the link of a customer who already has a login to the callback page of the calling origin', async () => {
    const email = await newCustomer('returning');
    const { error } = await service().auth.admin.createUser({ email, password: 'long-enough', email_confirm: true });
    expect(error).toBeNull();
    const sentAt = Date.now();
    expect(await invoke({ email }, { Origin: SITE_URL })).toMatchObject({ status: 200, body: { ok: true } });
    const target = await follow(verifyLink(await mail.latest(email, { after: sentAt })));
    expect(`${target.origin}${target.pathname}`).toBe(`${SITE_URL}/auth/callback`);
    const { data } = await anon().auth.getUser(new URLSearchParams(target.hash.slice(1)).get('access_token')!);
    expect(data.user?.email).toBe(email);
  });

  it('answers an unknown address the same way, just as slowly, and sends nothing', async () => {
    const customer = await newCustomer('timed');
    const stranger = address('stranger');
    const known = await invoke({ email: customer });
    const unknown = await invoke({ email: stranger });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({ ok: true });
    // Both take at least the function's minimum answer time (1 s), which covers sending the link.
    expect(known.ms).toBeGreaterThanOrEqual(950);
    expect(unknown.ms).toBeGreaterThanOrEqual(950);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(500);
    await mail.latest(customer, { timeoutMs: 5000 });
    expect(await mail.count(stranger)).toBe(0);
    const { data } = await service().from('users').select('id').eq('email', stranger);
    expect(data).toEqual([]);
  });

  it('refuses a missing or invalid address and a body that is not JSON with 400', async () => {
    for (const body of [{}, { email: 'not-an-address' }, { email: '' }]) {
      const res = await invoke(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    const raw = await http('/functions/v1/send-magic-link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{oops',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 429 after 5 requests for one address, whatever its case, and keeps other addresses apart', async () => {
    const email = address('eager');
    for (let i = 0; i < 5; i++) {
      expect(await invoke({ email: i % 2 ? email.toUpperCase() : email })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
    }
    // Refused, saying how long to wait: what is left of the address's 15-minute window.
    const refused = await invoke({ email });
    expect(refused).toEqual({
      status: 429,
      body: { error: 'Too many requests. Please try again later.', retry_after_seconds: expect.any(Number) },
      ms: expect.any(Number),
    });
    const wait = (refused.body as { retry_after_seconds: number }).retry_after_seconds;
    expect(wait).toBeGreaterThan(850);
    expect(wait).toBeLessThanOrEqual(900);
    expect((await invoke({ email: address('patient') })).status).toBe(200);
  }, 30_000);

  it('answers a preflight with the CORS headers and keeps them on errors', async () => {
    const pre = await fetch(`${STACK_URL}/functions/v1/send-magic-link`, {
      method: 'OPTIONS',
      headers: {
        Origin: SITE_URL,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    const bad = await http('/functions/v1/send-magic-link', { method: 'POST', body: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
  });
});
