// The team page's functions (supabase/migrations/20261130200000_team_members.sql) against the
// real database: public.team_members(), set_team_role(), remove_team_member() for admins only,
// with the last admin and the caller's own login protected; network_settings.require_two_factor
// changed only by an admin in an aal2 session; and the invite-team-member edge function making
// a login with its role. Sessions come from real sign-ins with supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAddress, secretOf, totp } from 'supabase-local/testing';
import { type AnyClient, connectDb, ENGINE, service, signedInUser, type TestUser } from 'supabase-local/testing/vitest';

const newMember = (role: string) => signedInUser(`team-${role}`, { ip: loopbackAddress(), appMetadata: { role } });

interface Member {
  id: string;
  email: string;
  role: string;
  two_factor: boolean;
  pending: boolean;
  last_sign_in_at: string | null;
}

async function members(sb: AnyClient): Promise<Member[]> {
  const { data, error } = await sb.rpc('team_members');
  expect(error).toBeNull();
  return data as Member[];
}

async function roleOf(id: string): Promise<string | undefined> {
  const { data } = await service().from('users').select('role').eq('id', id);
  return (data as { role: string }[])[0]?.role;
}

const LAST_ADMIN = 'The team needs at least one admin: make someone else an admin first';

describe('database: the team page', () => {
  let admin: TestUser;
  let operator: TestUser;
  let sales: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    [admin, operator, sales, viewer] = await Promise.all([
      newMember('admin'),
      newMember('operator'),
      newMember('sales'),
      newMember('viewer'),
    ]);
  });

  afterAll(async () => {
    await service().from('network_settings').update({ require_two_factor: false }).eq('id', true);
  });

  it('an admin lists every team member with role, last sign-in and two-factor state; no venue or advertiser', async () => {
    const list = await members(admin.sb);
    const byId = new Map(list.map((m) => [m.id, m]));
    expect(byId.get(operator.id)).toMatchObject({
      email: operator.email,
      role: 'operator',
      two_factor: false,
      pending: false,
    });
    expect(byId.get(viewer.id)?.last_sign_in_at).not.toBeNull();
    expect(list.every((m) => ['admin', 'operator', 'sales', 'viewer'].includes(m.role))).toBe(true);
    expect(byId.has('a0000000-0000-4000-8000-000000000002')).toBe(false); // the seeded venue login
  });

  it('anyone but an admin is refused each function', async () => {
    for (const sb of [operator.sb, sales.sb, viewer.sb]) {
      expect((await sb.rpc('team_members')).error).toMatchObject({
        code: '42501',
        message: 'Only admins can see the team',
      });
      expect((await sb.rpc('set_team_role', { p_user_id: viewer.id, p_role: 'admin' })).error).toMatchObject({
        code: '42501',
        message: 'Only admins can change team members',
      });
      expect((await sb.rpc('remove_team_member', { p_user_id: viewer.id })).error).toMatchObject({
        code: '42501',
        message: 'Only admins can remove team members',
      });
    }
    expect(await roleOf(viewer.id)).toBe('viewer');
  });

  it("an admin changes a role (also in the login's app_metadata) and is refused bad roles and their own", async () => {
    expect((await admin.sb.rpc('set_team_role', { p_user_id: sales.id, p_role: 'viewer' })).error).toBeNull();
    expect(await roleOf(sales.id)).toBe('viewer');
    const { data } = await service().auth.admin.getUserById(sales.id);
    expect(data.user?.app_metadata.role).toBe('viewer');
    expect((await admin.sb.rpc('set_team_role', { p_user_id: sales.id, p_role: 'sales' })).error).toBeNull();

    expect((await admin.sb.rpc('set_team_role', { p_user_id: sales.id, p_role: 'customer' })).error).toMatchObject({
      code: '22023',
      message: 'A team role is admin, operator, sales or viewer',
    });
    expect((await admin.sb.rpc('set_team_role', { p_user_id: admin.id, p_role: 'viewer' })).error).toMatchObject({
      message: 'You cannot change your own role; ask another admin',
    });
    // A venue's login is not a member of the team.
    expect(
      (await admin.sb.rpc('set_team_role', { p_user_id: 'a0000000-0000-4000-8000-000000000002', p_role: 'admin' }))
        .error,
    ).toMatchObject({ code: 'P0002', message: 'That login is not a member of the team' });
    expect(await roleOf(admin.id)).toBe('admin');
  });

  // Within a rolled-back transaction every other admin is an operator: on PGlite every connection
  // shares one session, so the other files' requests would run inside it; PostgreSQL only.
  it.skipIf(ENGINE !== 'postgres')('the last admin can neither demote nor remove themselves', async () => {
    const db = await connectDb();
    try {
      await db.query('begin');
      // Within this transaction only, every other admin is an operator.
      await db.query("update public.users set role = 'operator' where role = 'admin' and id <> $1", [admin.id]);
      await db.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub: admin.id, role: 'authenticated', aal: 'aal1' }),
      ]);
      await db.query('set local role authenticated');
      await db.query('savepoint demote');
      await expect(db.query("select public.set_team_role($1, 'operator')", [admin.id])).rejects.toThrow(LAST_ADMIN);
      await db.query('rollback to savepoint demote');
      await expect(db.query('select public.remove_team_member($1)', [admin.id])).rejects.toThrow(LAST_ADMIN);
    } finally {
      await db.query('rollback');
      await db.end();
    }
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it('an admin removes a member: the login is gone; never themselves', async () => {
    const leaver = await newMember('operator');
    expect((await admin.sb.rpc('remove_team_member', { p_user_id: admin.id })).error).toMatchObject({
      message: 'You cannot remove yourself from the team; ask another admin',
    });
    expect((await admin.sb.rpc('remove_team_member', { p_user_id: leaver.id })).error).toBeNull();
    expect(await roleOf(leaver.id)).toBeUndefined();
    expect((await service().auth.admin.getUserById(leaver.id)).data.user).toBeNull();
    expect((await members(admin.sb)).some((m) => m.id === leaver.id)).toBe(false);
  });

  it('require_two_factor: only an admin, and only from an aal2 session of their own', async () => {
    const turnOn = (sb: AnyClient) =>
      sb.from('network_settings').update({ require_two_factor: true }).eq('id', true).select('require_two_factor');
    expect((await turnOn(operator.sb)).data ?? []).toEqual([]); // (or refused outright by the policy)
    expect((await turnOn(admin.sb)).error).toMatchObject({
      code: '42501',
      message: 'Set up two-factor sign-in for yourself and sign in with a code before changing this',
    });

    const guarded = await newMember('admin');
    const enrolled = await guarded.sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
    const factorId = enrolled.data!.id;
    const code = totp(secretOf(enrolled.data!.totp.uri));
    expect((await guarded.sb.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
    try {
      expect(await turnOn(guarded.sb)).toMatchObject({ error: null, data: [{ require_two_factor: true }] });
      // Now a member without a factor is no team member at aal1: the team page refuses them.
      expect((await admin.sb.rpc('team_members')).error?.code).toBe('42501');
      const twoFactor = (await members(guarded.sb)).find((m) => m.id === guarded.id);
      expect(twoFactor?.two_factor).toBe(true);
    } finally {
      const off = await guarded.sb.from('network_settings').update({ require_two_factor: false }).eq('id', true);
      expect(off.error).toBeNull();
    }
  });

  it('invite-team-member makes a confirmed login with the role and refuses an address that has one', async () => {
    const email = `invited-${Date.now().toString(36)}@example.test`;
    const invite = (body: Record<string, string>, sb: AnyClient = admin.sb) =>
      sb.functions.invoke('invite-team-member', { body });
    const made = await invite({ email, role: 'sales' });
    expect(made.error).toBeNull();
    const id = (made.data as { member: { id: string } }).member.id;
    expect(made.data).toEqual({ member: { id, email, role: 'sales' }, sentTo: email });
    expect(await roleOf(id)).toBe('sales');
    expect((await members(admin.sb)).find((m) => m.id === id)).toMatchObject({ role: 'sales', pending: true });

    const again = await invite({ email: email.toUpperCase(), role: 'viewer' });
    expect(again.response?.status).toBe(409);
    const refused = await invite({ email: 'someone@example.test', role: 'operator' }, operator.sb);
    expect(refused.response?.status).toBe(403);
  });
});
