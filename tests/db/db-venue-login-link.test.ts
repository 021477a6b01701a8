// A venue belongs to the login an admin or a server function linked to it
// (customers.user_id), never to a login that merely holds its e-mail: no sign-up, no
// e-mail change and no self-made login reaches another venue. The customer-login
// function makes and links a venue's login and changes its e-mail together with the row.
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, ANON_KEY, type AnyClient, client, http, service, signToken } from 'supabase-local/testing/vitest';
import { as, SEED } from './db-seed.ts';

const tag = () => randomUUID().slice(0, 8);

async function signIn(email: string, password: string): Promise<AnyClient> {
  const { data, error } = await anon().auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client(ANON_KEY, data.session!.access_token);
}

/** Status and JSON body of a customer-login call. */
async function customerLogin(
  caller: AnyClient,
  body: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const { data, error, response } = await caller.functions.invoke('customer-login', { body });
  if (error) {
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    return { status: res.status, body: await res.json() };
  }
  return { status: response!.status, body: data };
}

/** What a login can read of venues and their data. */
async function visible(sb: AnyClient) {
  const read = async (table: string, columns: string) => {
    const { data, error } = await sb.from(table).select(columns);
    expect(error).toBeNull();
    return data as unknown as Record<string, unknown>[];
  };
  return {
    customers: (await read('customers', 'id')).map((r) => r.id),
    campaigns: (await read('campaigns', 'customer_id')).map((r) => r.customer_id),
    equipment: (await read('equipment_status', 'customer_id')).map((r) => r.customer_id),
    slides: (await read('campaign_items', 'id')).length,
  };
}

let admin: AnyClient;
const madeCustomers: string[] = [];
const madeLogins: string[] = [];

/** A venue row made by an admin, with no login yet. */
async function newVenue(email = `venue-${tag()}@example.test`): Promise<{ id: string; email: string }> {
  const { data, error } = await admin
    .from('customers')
    .insert({ name: `Venue ${tag()}`, username: `venue-${tag()}`, email })
    .select('id, email')
    .single();
  expect(error).toBeNull();
  madeCustomers.push(data!.id);
  return data!;
}

async function loginOf(customerId: string): Promise<string | null> {
  const { data } = await service().from('customers').select('user_id').eq('id', customerId).single();
  return (data as { user_id: string | null }).user_id;
}

beforeAll(async () => {
  admin = await signIn('admin@example.com', 'demo-admin-pass');
});

afterAll(async () => {
  for (const id of madeCustomers) {
    const userId = await loginOf(id).catch(() => null);
    await service().from('customers').delete().eq('id', id);
    if (userId) await service().auth.admin.deleteUser(userId);
  }
  for (const id of madeLogins) await service().auth.admin.deleteUser(id);
});

describe('a login that no admin linked', () => {
  it('reads nothing of the venue whose e-mail it holds, signed in with its own password', async () => {
    const sb = await signIn('books@example.com', 'unlinked-pass');
    expect(await visible(sb)).toEqual({ customers: [], campaigns: [], equipment: [], slides: 0 });
  });

  it("cannot report a heartbeat for the venue's screens", async () => {
    const sb = await as('unlinked');
    const before = await service().from('equipment_status').select('*').eq('id', SEED.equipment.cafe[0]).single();
    const { error } = await sb.rpc('player_heartbeat', { p_device_id: SEED.equipment.cafe[0] });
    expect(error?.code).toBe('42501');
    const after = await service().from('equipment_status').select('*').eq('id', SEED.equipment.cafe[0]).single();
    expect(after.data).toEqual(before.data);
  });

  it('cannot be made by signing up with a venue e-mail', async () => {
    const { data, error } = await anon().auth.signUp({
      email: `venue-${tag()}@example.test`,
      password: 'attacker-pass',
    });
    expect(error?.code).toBe('signup_disabled');
    expect(data.session).toBeNull();
  });

  it("keeps a venue's own login on its own venue when it asks to move to another venue's address", async () => {
    const venue = await newVenue();
    expect((await customerLogin(admin, { customerId: venue.id })).status).toBe(200);
    const userId = (await loginOf(venue.id))!;
    await service().auth.admin.updateUserById(userId, { password: 'venue-pass' });
    const { data: session } = await anon().auth.signInWithPassword({ email: venue.email, password: 'venue-pass' });
    const own = client(ANON_KEY, session.session!.access_token);

    // The change waits for both addresses to confirm; meanwhile nothing moves.
    const res = await http('/auth/v1/user', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${session.session!.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'gym@example.com' }),
    });
    expect([200, 422]).toContain(res.status);
    expect((await visible(own)).customers).toEqual([venue.id]);

    // Even a login whose address became another venue's reads only the venue it is linked to.
    await service().auth.admin.updateUserById(userId, { email: `moved-${tag()}@example.test`, email_confirm: true });
    const moved = client(ANON_KEY, await signToken({ sub: userId }));
    expect((await visible(moved)).customers).toEqual([venue.id]);
    const { data: gymRow } = await service().from('customers').select('user_id').eq('id', SEED.customers.gym).single();
    expect(gymRow).toEqual({ user_id: SEED.users.gym.id });
  });
});

describe('customer-login', () => {
  it('makes a confirmed customer login for a new venue and links it, so it reads its venue', async () => {
    const venue = await newVenue();
    const answer = await customerLogin(admin, { customerId: venue.id });
    const userId = await loginOf(venue.id);
    expect(answer).toEqual({ status: 200, body: { customer: { id: venue.id, email: venue.email, user_id: userId } } });
    const { data: user } = await service().auth.admin.getUserById(userId!);
    expect(user.user?.email).toBe(venue.email);
    expect(user.user?.email_confirmed_at).toBeTruthy();
    expect(user.user?.app_metadata.role).toBe('customer');
    expect((await visible(client(ANON_KEY, await signToken({ sub: userId })))).customers).toEqual([venue.id]);

    // A second call changes nothing.
    expect((await customerLogin(admin, { customerId: venue.id })).body).toEqual(answer.body);
  });

  it("replaces a login with the venue's address that no admin linked: its password and sessions stop working", async () => {
    const email = `claimed-${tag()}@example.test`;
    const { data: squatter } = await service().auth.admin.createUser({
      email,
      password: 'squatter-pass',
      email_confirm: true,
    });
    madeLogins.push(squatter.user!.id);
    const squatterSession = client(ANON_KEY, await signToken({ sub: squatter.user!.id }));
    const venue = await newVenue(email);
    expect((await visible(squatterSession)).customers).toEqual([]);

    expect((await customerLogin(admin, { customerId: venue.id })).status).toBe(200);
    const userId = await loginOf(venue.id);
    expect(userId).not.toBe(squatter.user!.id);
    expect((await visible(squatterSession)).customers).toEqual([]);
    const { error } = await anon().auth.signInWithPassword({ email, password: 'squatter-pass' });
    expect(error?.code).toBe('invalid_credentials');
  });

  it("changes a venue's e-mail and its login's together; the venue keeps its login and its data", async () => {
    const venue = await newVenue();
    await customerLogin(admin, { customerId: venue.id });
    const userId = (await loginOf(venue.id))!;
    const next = `Renamed-${tag()}@Example.test`;

    expect(await customerLogin(admin, { customerId: venue.id, email: next })).toEqual({
      status: 200,
      body: { customer: { id: venue.id, email: next.toLowerCase(), user_id: userId } },
    });
    const { data: user } = await service().auth.admin.getUserById(userId);
    expect(user.user?.email).toBe(next.toLowerCase());
    expect((await visible(client(ANON_KEY, await signToken({ sub: userId })))).customers).toEqual([venue.id]);
  });

  it("refuses an address another venue or an admin has, and an admin's direct change of a linked venue's e-mail", async () => {
    const venue = await newVenue();
    await customerLogin(admin, { customerId: venue.id });
    const userId = (await loginOf(venue.id))!;

    expect(await customerLogin(admin, { customerId: venue.id, email: 'CAFE@example.com' })).toEqual({
      status: 409,
      body: { error: 'Another customer already uses this e-mail' },
    });
    expect(await customerLogin(admin, { customerId: venue.id, email: 'admin@example.com' })).toEqual({
      status: 409,
      body: { error: "This e-mail is an admin's sign-in; use another address for the customer" },
    });
    const direct = await admin
      .from('customers')
      .update({ email: `direct-${tag()}@example.test` })
      .eq('id', venue.id);
    expect(direct.error?.code).toBe('42501');
    expect(direct.error?.message).toMatch(/sign-in e-mail/);

    const { data: row } = await service().from('customers').select('email, user_id').eq('id', venue.id).single();
    expect(row).toEqual({ email: venue.email, user_id: userId });
    const { data: user } = await service().auth.admin.getUserById(userId);
    expect(user.user?.email).toBe(venue.email);
  });

  it('is for admins only', async () => {
    const venue = await newVenue();
    expect(await customerLogin(await as('cafe'), { customerId: venue.id })).toEqual({
      status: 403,
      body: { error: "Only admins can manage a customer's login" },
    });
    expect(await loginOf(venue.id)).toBeNull();
  });
});

describe('the link itself', () => {
  it('is set only by admins, and never to an admin login', async () => {
    const venue = await newVenue();
    const cafe = await as('cafe');
    const byVenue = await cafe.from('customers').update({ user_id: SEED.users.cafe.id }).eq('id', venue.id).select();
    expect(byVenue.data).toEqual([]);
    const toAdmin = await admin.from('customers').update({ user_id: SEED.users.admin.id }).eq('id', venue.id);
    expect(toAdmin.error?.code).toBe('23514');
    expect(toAdmin.error?.message).toBe("An admin's login cannot be linked to a venue.");
    expect(await loginOf(venue.id)).toBeNull();
  });

  it('goes when the login is deleted, leaving the venue to no one', async () => {
    const venue = await newVenue();
    await customerLogin(admin, { customerId: venue.id });
    const userId = (await loginOf(venue.id))!;
    await service().auth.admin.deleteUser(userId);
    expect(await loginOf(venue.id)).toBeNull();
  });
});
