// E-mail send limits need their own stack: the shared one allows a whole suite's mail.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestClient, inbox } from 'supabase-local/testing';
import { ANON_KEY, SERVICE_ROLE_KEY } from 'supabase-local/testing/vitest';
import { ownFixtureStack } from './support/own-stack.ts';

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const stack = ownFixtureStack(60, 'mail-limits', { STACK_EMAIL_RATE_LIMIT: '3', STACK_EMAIL_MAX_FREQUENCY: '60' });


const anonClient = (key = ANON_KEY) => createTestClient(stack.url, key);

/** Confirmed users, made through the admin API (public sign-up is off); no mail is sent. */
async function existing(...addresses: string[]) {
  for (const address of addresses) {
    const { error } = await anonClient(SERVICE_ROLE_KEY).auth.admin.createUser({ email: address, email_confirm: true });
    expect(error).toBeNull();
  }
}

describe('auth: e-mail send limits', () => {
  it('holds one address to the minimum interval and all mail to the hourly limit', async () => {
    const mail = inbox(`http://127.0.0.1:${stack.env.STACK_INBOX_PORT}`);
    const [first, second, third, fourth] = [email('first'), email('second'), email('third'), email('fourth')];
    await existing(first, second, third, fourth);
    expect((await anonClient().auth.signInWithOtp({ email: first })).error).toBeNull();

    const again = await anonClient().auth.signInWithOtp({ email: first });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);

    expect((await anonClient().auth.signInWithOtp({ email: second })).error).toBeNull();
    expect((await anonClient().auth.resetPasswordForEmail(first)).error).toMatchObject({ status: 429 });
    expect((await anonClient().auth.signInWithOtp({ email: third })).error).toBeNull();

    const over = await anonClient().auth.signInWithOtp({ email: fourth });
    expect(over.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' });
    expect(await mail.count(fourth)).toBe(0);
    expect(await mail.count(first)).toBe(1);
  });
});
