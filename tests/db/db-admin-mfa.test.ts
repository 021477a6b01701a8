// Two-factor sign-in for admins in the database (public.is_admin(), which every admin
// policy and admin-only function calls): an admin who enrolled an authenticator app is an
// admin only in an aal2 session; at aal1 admin reads and writes are refused (RLS shows no
// rows, writes fail 42501, admin-only functions answer 403); an admin who never enrolled
// is unaffected. Sessions come from real sign-ins with supabase-js, codes from RFC 6238.
import { describe, expect, it } from 'vitest';
import { loopbackAddress, secretOf, totp } from 'supabase-local/testing';
import { type AnyClient, service, signedInUser, signInAgain } from 'supabase-local/testing/vitest';
import { SEED } from './db-seed.ts';

/** An IP of its own per client: a challenge must be verified from the IP that asked for it. */
const nextIp = loopbackAddress;

/** A new admin login (role in app_metadata, as the product's admins have it), signed in. */
const newAdmin = () => signedInUser('admin-mfa', { ip: nextIp(), appMetadata: { role: 'admin' } });

async function enrol(sb: AnyClient): Promise<{ factorId: string; secret: string }> {
  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
  expect(enrolled.error).toBeNull();
  const factorId = enrolled.data!.id;
  const secret = secretOf(enrolled.data!.totp.uri);
  expect((await sb.auth.mfa.challengeAndVerify({ factorId, code: totp(secret) })).error).toBeNull();
  return { factorId, secret };
}

const signIn = (email: string) => signInAgain(email, nextIp());

/** What an admin reads and may write: every venue, and a new advertiser (removed again). */
async function adminAccess(sb: AnyClient) {
  const venues = await sb.from('customers').select('id').in('id', Object.values(SEED.customers));
  const insert = await sb
    .from('advertisers')
    .insert({ advertiser_name: 'MFA check', business_name: 'MFA check Ltd', email: 'mfa-check@example.test' })
    .select('id');
  if (insert.data?.[0]) await service().from('advertisers').delete().eq('id', insert.data[0].id);
  return { venues: venues.data?.length ?? 0, venuesError: venues.error, insertError: insert.error };
}

describe('database: admins who enrolled two-factor sign-in', () => {
  it('an admin who never enrolled is an admin at aal1', async () => {
    const { sb } = await newAdmin();
    const aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(await adminAccess(sb)).toEqual({ venues: 3, venuesError: null, insertError: null });
    expect((await sb.rpc('is_admin')).data).toBe(true);
  });

  it('an enrolled admin is an admin in the session that verified a code (aal2)', async () => {
    const { sb } = await newAdmin();
    await enrol(sb);
    expect((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2' });
    expect(await adminAccess(sb)).toEqual({ venues: 3, venuesError: null, insertError: null });
    expect((await sb.rpc('is_admin')).data).toBe(true);
  });

  it('an enrolled admin signed in with the password only (aal1) reads and writes nothing an admin may, until the code', async () => {
    const { sb, email, id } = await newAdmin();
    const { factorId, secret } = await enrol(sb);
    const aal1 = await signIn(email);
    expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const refused = await adminAccess(aal1);
    expect(refused.venues).toBe(0);
    expect(refused.venuesError).toBeNull();
    expect(refused.insertError).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "advertisers"',
    });
    expect((await aal1.rpc('is_admin')).data).toBe(false);
    // Its own users row still says admin, so the app knows to ask for the code.
    expect((await aal1.from('users').select('id, role').eq('id', id)).data).toEqual([{ id, role: 'admin' }]);

    // After the code, the same session is an admin.
    expect((await aal1.auth.mfa.challengeAndVerify({ factorId, code: totp(secret) })).error).toBeNull();
    expect(await adminAccess(aal1)).toEqual({ venues: 3, venuesError: null, insertError: null });
  });

  it('admin-only edge functions follow the same rule', async () => {
    const { sb, email } = await newAdmin();
    await enrol(sb);
    const aal1 = await signIn(email);
    const refused = await aal1.functions.invoke('set-users-password', {
      body: { username: 'nobody-here', newPassword: 'x' },
    });
    expect(refused.response?.status).toBe(403);
    expect(await refused.response!.json()).toEqual({ error: 'Only admins can set passwords' });
    // At aal2 the caller passes the admin check (and reaches the input rules).
    const allowed = await sb.functions.invoke('set-users-password', {
      body: { username: 'nobody-here', newPassword: 'x' },
    });
    expect(allowed.response?.status).toBe(422);
  });

  it('turning two-factor sign-in off makes the admin an admin at aal1 again', async () => {
    const { sb, email } = await newAdmin();
    const { factorId } = await enrol(sb);
    expect((await sb.auth.mfa.unenroll({ factorId })).error).toBeNull();
    const later = await signIn(email);
    expect(await adminAccess(later)).toEqual({ venues: 3, venuesError: null, insertError: null });
  });
});
