import { deepStrictEqual as assertEquals, equal } from 'node:assert/strict';
import { generateKeyPair, SignJWT } from 'jose';
import { fakeNetwork, type FakeRoute, fakeUser, reply, TEST_ENV } from './fake-fetch.ts';
import {
  authAccepts,
  FOREIGN_KEYS,
  jwksRoute,
  legacyToken,
  LEGACY_SECRET,
  PROJECT_KEYS,
  sessionToken,
} from './fake-jwt.ts';
import { jwtVerifier } from './verify-jwt.ts';

const USER_ID = '0a0a0a0a-0000-4000-8000-00000000c001';
const GONE_ID = '0a0a0a0a-0000-4000-8000-00000000c002';
const SECRET_KEY = 'sb_secret_test-secret-key';
const user = (sub = USER_ID) => ({ sub, role: 'authenticated', email: 'cafe@example.com' });
const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** The fake project: its JWKS, and Auth answering for the sessions and service-role tokens it signed. */
function setup(routes: Record<string, FakeRoute> = {}) {
  const net = fakeNetwork({
    ...jwksRoute(),
    'GET /auth/v1/user': async (call) => {
      const claims = await authAccepts(call.headers.get('Authorization'));
      return claims && claims.sub === USER_ID
        ? reply(fakeUser(USER_ID, 'cafe@example.com'))
        : reply({ code: 'bad_jwt', message: 'invalid JWT' }, 403);
    },
    'GET /auth/v1/admin/users': async (call) => {
      const claims = await authAccepts(call.headers.get('Authorization'));
      return claims?.role === 'service_role'
        ? reply({ users: [], aud: 'authenticated' })
        : reply({ code: 'not_admin', message: 'User not allowed' }, 403);
    },
    ...routes,
  });
  return { verifier: jwtVerifier({ ...TEST_ENV, secretKeys: [SECRET_KEY] }, { fetch: net.fetch }), net };
}

const request = (headers: Record<string, string>) => new Request('http://localhost/fn', { method: 'POST', headers });

Deno.test('verify-jwt: an ES256 session is checked against the JWKS, without asking Auth', async () => {
  const { verifier, net } = setup();
  const token = await sessionToken(user());
  const verified = await verifier.verify(token);
  assertEquals([verified?.by, verified?.claims.sub, verified?.claims.role], ['jwks', USER_ID, 'authenticated']);
  assertEquals(await verifier.user(token), {
    id: USER_ID,
    email: 'cafe@example.com',
    claims: verified!.claims,
    confirmed: false,
  });
  assertEquals(net.callsTo('GET /auth/v1/user').length, 0);
  // The JWKS is fetched once and kept.
  await verifier.verify(await sessionToken(user()));
  assertEquals(net.callsTo('GET /auth/v1/.well-known/jwks.json').length, 1);
});

Deno.test('verify-jwt: an RS256 session under its kid (a second, published key) is accepted', async () => {
  const { verifier } = setup();
  const verified = await verifier.verify(await sessionToken(user(), { key: PROJECT_KEYS.rs256 }));
  assertEquals([verified?.by, verified?.claims.sub], ['jwks', USER_ID]);
});

Deno.test('verify-jwt: a legacy HS256 session is checked by Auth (getUser), which holds the secret', async () => {
  const { verifier, net } = setup();
  const token = await legacyToken({ ...user(), aud: 'authenticated' });
  const found = await verifier.user(token);
  assertEquals([found?.id, found?.confirmed], [USER_ID, true]);
  assertEquals(net.callsTo('GET /auth/v1/user').length, 1);
  // Signed with another secret: Auth refuses it.
  equal(await verifier.user(await legacyToken(user(), 'not-the-project-secret-but-long-enough-too')), null);
});

Deno.test('verify-jwt: forged, expired, alg none, HS256 under a JWKS kid and unknown kids are refused', async () => {
  const { verifier } = setup();
  const { privateKey } = await generateKeyPair('ES256');
  const forgedSameKid = await sessionToken(user(), {
    key: { ...PROJECT_KEYS.es256, privateKey: privateKey as CryptoKey },
  });
  // An HMAC "signed" with the published public key as its secret, under that key's kid
  // (the algorithm-confusion forgery): anyone can compute it.
  const confused = await new SignJWT(user())
    .setProtectedHeader({ alg: 'HS256', kid: PROJECT_KEYS.es256.kid, typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JSON.stringify(PROJECT_KEYS.es256.jwk)));
  const refused = {
    'forged with another key under the project kid': forgedSameKid,
    'signed by an unknown ES256 key': await sessionToken(user(), { key: FOREIGN_KEYS.es256 }),
    'signed by an unknown RS256 key': await sessionToken(user(), { key: FOREIGN_KEYS.rs256 }),
    'RS256 under the ES256 kid': await sessionToken(user(), { key: PROJECT_KEYS.rs256, kid: PROJECT_KEYS.es256.kid }),
    expired: await sessionToken(user(), { expiresIn: -60 }),
    'alg none': `${b64({ alg: 'none', kid: PROJECT_KEYS.es256.kid })}.${b64(user())}.`,
    'HS256 under the ES256 kid': confused,
    'not a JWT': 'not-a-jwt',
  };
  for (const [what, token] of Object.entries(refused)) {
    equal(await verifier.verify(token), null, what);
    equal(await verifier.user(token), null, what);
  }
});

Deno.test(
  'verify-jwt: a key published after a rotation is fetched for its unknown kid, within the cooldown',
  async () => {
    let keys = [PROJECT_KEYS.es256];
    const routes = { 'GET /auth/v1/.well-known/jwks.json': () => reply({ keys: keys.map((k) => k.jwk) }) };
    const { verifier, net } = setup(routes);
    equal((await verifier.verify(await sessionToken(user())))?.by, 'jwks');
    keys = [PROJECT_KEYS.es256, PROJECT_KEYS.rs256];
    const rotated = await sessionToken(user(), { key: PROJECT_KEYS.rs256 });
    // jose asks again for a kid it does not have at most every 30 s: the first fetch was just now.
    equal(await verifier.verify(rotated), null);
    equal(net.callsTo('GET /auth/v1/.well-known/jwks.json').length, 1);
    // Past the cooldown (none here) the unknown kid fetches the JWKS again and finds the new key.
    const quick = jwtVerifier(TEST_ENV, { fetch: fakeNetwork({ ...routes }).fetch, jwksCooldownMs: 0 });
    keys = [PROJECT_KEYS.es256];
    equal((await quick.verify(await sessionToken(user())))?.by, 'jwks');
    keys = [PROJECT_KEYS.es256, PROJECT_KEYS.rs256];
    equal((await quick.verify(rotated))?.by, 'jwks');
  },
);

Deno.test('verify-jwt: with current, Auth confirms the account still exists', async () => {
  const { verifier, net } = setup();
  const mine = await sessionToken(user());
  assertEquals(await verifier.user(mine, { current: true }), {
    id: USER_ID,
    email: 'cafe@example.com',
    claims: (await verifier.verify(mine))!.claims,
    confirmed: true,
  });
  // A deleted account's session still has a good signature until it expires; Auth refuses it.
  const gone = await sessionToken(user(GONE_ID));
  equal((await verifier.user(gone))?.id, GONE_ID);
  equal(await verifier.user(gone, { current: true }), null);
  equal(net.callsTo('GET /auth/v1/user').length, 2);
});

Deno.test('verify-jwt: API keys are recognised, and are no user', async () => {
  const { verifier } = setup();
  assertEquals(await verifier.verify(TEST_ENV.anonKey), { claims: { role: 'anon' }, by: 'key' });
  assertEquals(await verifier.verify(TEST_ENV.serviceRoleKey), { claims: { role: 'service_role' }, by: 'key' });
  equal(await verifier.user(TEST_ENV.anonKey), null);
  equal(await verifier.user(TEST_ENV.serviceRoleKey), null);
  equal(await verifier.user(null), null);
  equal(await verifier.user(await sessionToken({ role: 'anon' })), null);
});

Deno.test(
  'verify-jwt: the service role, by its key, a secret key, an ES256 JWT or an HS256 JWT Auth admits',
  async () => {
    const { verifier, net } = setup();
    const admitted = {
      'the service-role key': request({ Authorization: `Bearer ${TEST_ENV.serviceRoleKey}` }),
      'a secret key in apikey': request({ apikey: SECRET_KEY }),
      'a secret key as bearer': request({ Authorization: `Bearer ${SECRET_KEY}` }),
      'an ES256 service_role JWT': request({ Authorization: `Bearer ${await sessionToken({ role: 'service_role' })}` }),
      'an HS256 service_role JWT of the project': request({
        Authorization: `Bearer ${await legacyToken({ role: 'service_role', iss: 'supabase-demo' })}`,
      }),
    };
    for (const [what, req] of Object.entries(admitted)) equal(await verifier.isServiceRole(req), true, what);
    equal(net.callsTo('GET /auth/v1/admin/users').length, 1);

    const refused = {
      'no credentials': request({}),
      'the anon key': request({ Authorization: `Bearer ${TEST_ENV.anonKey}` }),
      'another secret key': request({ apikey: 'sb_secret_someone-elses' }),
      "a user's session": request({ Authorization: `Bearer ${await sessionToken(user())}` }),
      'a forged ES256 service_role JWT': request({
        Authorization: `Bearer ${await sessionToken({ role: 'service_role' }, { key: FOREIGN_KEYS.es256 })}`,
      }),
      'an HS256 service_role JWT with another secret': request({
        Authorization: `Bearer ${await legacyToken({ role: 'service_role' }, `${LEGACY_SECRET}-not`)}`,
      }),
      'an unsigned service_role claim': request({ Authorization: `Bearer x.${b64({ role: 'service_role' })}.y` }),
    };
    for (const [what, req] of Object.entries(refused)) equal(await verifier.isServiceRole(req), false, what);
  },
);

Deno.test('verify-jwt: Auth out of reach means not verified, never trusted', async () => {
  const { verifier } = setup({
    'GET /auth/v1/.well-known/jwks.json': () => reply({ message: 'upstream down' }, 503),
    'GET /auth/v1/user': () => {
      throw new TypeError('connection refused');
    },
  });
  equal(await verifier.verify(await sessionToken(user())), null);
  equal(await verifier.verify(await legacyToken(user())), null);
});
