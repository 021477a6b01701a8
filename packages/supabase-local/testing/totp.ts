// RFC 6238 time-based one-time passwords, as an authenticator app computes them from the
// secret of an otpauth:// URI (SHA-1, 6 digits, 30 s steps). Written from the RFC, on
// purpose apart from the stack's own check, so a test that signs in with it proves the
// stack's TOTP verification against the standard rather than against itself.
import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function fromBase32(secret: string): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bitsLeft = 0;
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) {
    const v = ALPHABET.indexOf(ch);
    if (v === -1) throw new Error(`not base32: ${ch}`);
    buffer = (buffer << 5) | v;
    bitsLeft += 5;
    if (bitsLeft >= 8) {
      bitsLeft -= 8;
      bytes.push((buffer >> bitsLeft) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The 6-digit code for `secret` (base32) at `time` (ms), `stepOffset` 30 s steps away. */
export function totp(secret: string, time = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(time / 30_000) + stepOffset;
  const msg = Buffer.alloc(8);
  msg.writeUInt32BE(Math.floor(counter / 2 ** 32), 0);
  msg.writeUInt32BE(counter >>> 0, 4);
  const hmac = createHmac('sha1', fromBase32(secret)).update(msg).digest();
  const offset = hmac[19]! & 0xf;
  const code =
    (((hmac[offset]! & 0x7f) << 24) | (hmac[offset + 1]! << 16) | (hmac[offset + 2]! << 8) | hmac[offset + 3]!) %
    1_000_000;
  return String(code).padStart(6, '0');
}

/** The secret of an otpauth://totp/… URI. */
export function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
