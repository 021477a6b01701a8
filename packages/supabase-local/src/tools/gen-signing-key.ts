// `npm run gen:signing-key -- [--algorithm RS256|ES256] [--append] [--overwrite]`: a JWT
// signing key as `supabase gen signing-key` makes it (internal/gen/signingkeys in the
// Supabase CLI), for a machine without the CLI: a private JWK with a new uuid as kid,
// use "sig", key_ops ["sign", "verify"], ext true (RS256: 2048 bits; ES256: P-256).
//   - Without [auth] signing_keys_path in supabase/config.toml, the key is printed.
//   - With it, the file (a JSON array, relative paths from supabase/) gets the key:
//     --append adds it to the keys there, --overwrite replaces them (the CLI asks).
// As with the CLI, an appended key also signs: before the stack starts, leave key_ops
// ["sign", ...] on one key only (GoTrue refuses two signing keys); the others stay
// published to verify the sessions they signed.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exportJWK, generateKeyPair } from 'jose';
import { parse as parseToml } from 'smol-toml';
import { findProjectDir } from '../config.ts';

const SUPABASE_DIR = path.join(findProjectDir(), 'supabase');

const { values } = parseArgs({
  options: {
    algorithm: { type: 'string', default: 'ES256' },
    append: { type: 'boolean', default: false },
    overwrite: { type: 'boolean', default: false },
  },
});
const alg = values.algorithm;
if (alg !== 'RS256' && alg !== 'ES256') {
  console.error(`unsupported algorithm: ${alg} (RS256 or ES256)`);
  process.exit(1);
}

const { privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
const jwk = await exportJWK(privateKey);
// The members in the CLI's order (its config.JWK struct).
const key =
  alg === 'RS256'
    ? {
        kty: 'RSA',
        kid: randomUUID(),
        use: 'sig',
        key_ops: ['sign', 'verify'],
        alg,
        ext: true,
        n: jwk.n,
        e: jwk.e,
        d: jwk.d,
        p: jwk.p,
        q: jwk.q,
        dp: jwk.dp,
        dq: jwk.dq,
        qi: jwk.qi,
      }
    : {
        kty: 'EC',
        kid: randomUUID(),
        use: 'sig',
        key_ops: ['sign', 'verify'],
        alg,
        ext: true,
        crv: jwk.crv,
        x: jwk.x,
        y: jwk.y,
        d: jwk.d,
      };

const toml = parseToml(readFileSync(path.join(SUPABASE_DIR, 'config.toml'), 'utf8')) as {
  auth?: { signing_keys_path?: string };
};
const configured = toml.auth?.signing_keys_path;
if (!configured) {
  console.log(JSON.stringify(key));
  console.error(`
To enable JWT signing keys in your local project:
1. Save the generated key to supabase/signing_keys.json, as a JSON array: [ <the key> ]
2. Update your supabase/config.toml with the new keys path

[auth]
signing_keys_path = "./signing_keys.json"`);
  process.exit(0);
}

const file = path.isAbsolute(configured) ? configured : path.join(SUPABASE_DIR, configured);
let keys: unknown[] = [];
if (existsSync(file) && readFileSync(file, 'utf8').trim()) {
  if (values.append) {
    keys = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
  } else if (!values.overwrite) {
    console.error(`${file} already holds keys: pass --append to add this one, or --overwrite to replace them`);
    process.exit(1);
  }
}
keys.push(key);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
console.error(`JWT signing key appended to: ${file} (now contains ${keys.length} keys)`);
if (keys.length > 1) {
  console.error('Leave key_ops ["sign", "verify"] on one key only: the others verify the sessions they signed.');
}
