// screen-pairing: a kiosk browser with no login becomes a paired screen.
//   POST {action: "start"}                        a new pairing code for the kiosk to show:
//        → {pairing_id, code, secret, expires_at}  (at most 10 per client address per 10
//          minutes, and at most 500 codes waiting across the whole network: 429; the address
//          is the one the platform saw, never X-Forwarded-For: see README.md here)
//   POST {action: "poll", pairing_id, secret}     what became of it:
//        → 404 {error}                  unknown pairing or wrong secret (also once used)
//        → 410 {status: "expired"}      not paired before it expired
//        → {status: "waiting", expires_at}
//        → {status: "paired", device_id, email, password}
//          once an admin paired the code (pair_screen): the credentials of a new login of
//          the screen's own, given out once; the device's previous screen login is deleted.
// Called with the anon key by a browser that has no login (verify_jwt = false): the
// secret, which only the kiosk that started the pairing holds, is what identifies it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { clientAddress } from '../_shared/client-address.ts';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  PAIRING_TTL_SECONDS,
  SCREEN_DEVICE_CLAIM,
  TOO_MANY_STARTS,
  TOO_MANY_WAITING,
  UNKNOWN_PAIRING,
} from '../_shared/contracts/screen-pairing.ts';
import { json } from '../_shared/cors.ts';
import { HttpError, parseBody, postHandler } from '../_shared/http.ts';
import { serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';

export const STARTS_PER_NETWORK = { limit: 10, windowSeconds: 10 * 60 };
/**
 * Codes that may wait, unused and unexpired, across the whole network at once: far above
 * any real rollout (screens show their codes a few at a time), low enough that no caller,
 * however many addresses it has, can fill the table.
 */
export const WAITING_CODES_LIMIT = 500;
/** Screen logins get addresses under a reserved domain (RFC 2606) that can never receive mail. */
export const SCREEN_EMAIL_DOMAIN = 'screens.invalid';


const CODE_ATTEMPTS = 5;
const NO_STORE = { 'Cache-Control': 'no-store' };

const bodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('start') }),
    z.object({
      action: z.literal('poll'),
      pairing_id: z.uuid({ error: 'pairing_id must be a pairing id' }),
      secret: z
        .string({ error: 'secret is required' })
        .min(1, { error: 'secret is required' })
        .max(200, { error: 'secret is too long' }),
    }),
  ],
  { error: 'action must be "start" or "poll"' },
);

export interface Deps {
  env: SupabaseEnv;
  fetch?: typeof fetch;
  /** Random bytes (crypto.getRandomValues by default); tests make them predictable. */
  randomBytes?: (length: number) => Uint8Array;
}

export function defaultDeps(): Deps {
  return { env: supabaseEnv() };
}

const cryptoRandomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** A code of CODE_LENGTH characters of CODE_ALPHABET (32 characters: a byte mod 32 is uniform). */
export function pairingCode(randomBytes: (length: number) => Uint8Array): string {
  return Array.from(randomBytes(CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the secret, hex: what screen_pairings keeps instead of the secret. */
export async function secretHash(secret: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))));
}

interface PairingRow {
  id: string;
  expires_at: string;
  device_id: string | null;
  claimed_at: string | null;
}

async function start(admin: SupabaseClient, req: Request, randomBytes: (length: number) => Uint8Array) {
  const secret = base64url(randomBytes(32));
  const hash = await secretHash(secret);
  const ip = clientAddress(req);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const { data, error } = await admin.rpc('create_screen_pairing', {
      p_code: pairingCode(randomBytes),
      p_secret_hash: hash,
      p_requested_ip: ip,
      p_expires_in_seconds: PAIRING_TTL_SECONDS,
      p_ip_limit: STARTS_PER_NETWORK.limit,
      p_ip_window_seconds: STARTS_PER_NETWORK.windowSeconds,
      p_waiting_limit: WAITING_CODES_LIMIT,
    });
    if (error?.code === 'PT429') throw new HttpError(429, error.hint === 'waiting' ? TOO_MANY_WAITING : TOO_MANY_STARTS);
    if (error?.code === '23505') continue; // the code is in use: draw another
    if (error) throw new Error(`creating a pairing failed: ${error.message}`);
    const pairing = data as { pairing_id: string; code: string; expires_at: string };
    return json({ ...pairing, secret }, 200, NO_STORE);
  }
  throw new Error(`no free pairing code after ${CODE_ATTEMPTS} attempts`);
}

async function poll(admin: SupabaseClient, pairingId: string, secret: string, randomBytes: (n: number) => Uint8Array) {
  const hash = await secretHash(secret);
  const { data: rows, error } = await admin
    .from('screen_pairings')
    .select('id, expires_at, device_id, claimed_at')
    .eq('id', pairingId)
    .eq('secret_hash', hash)
    .limit(1);
  if (error) throw new Error(`reading the pairing failed: ${error.message}`);
  const pairing = (rows as PairingRow[])[0];
  if (!pairing) throw new HttpError(404, UNKNOWN_PAIRING);

  if (!pairing.claimed_at || !pairing.device_id) {
    if (new Date(pairing.expires_at).getTime() <= Date.now()) return json({ status: 'expired' }, 410, NO_STORE);
    return json({ status: 'waiting', expires_at: pairing.expires_at }, 200, NO_STORE);
  }

  const deviceId = pairing.device_id;
  const email = `screen-${deviceId.replace(/-/g, '').slice(0, 8)}-${hex(randomBytes(4))}@${SCREEN_EMAIL_DOMAIN}`;
  const password = base64url(randomBytes(32));
  const { data: created, error: createError } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { [SCREEN_DEVICE_CLAIM]: deviceId },
  });
  if (createError || !created.user) throw new Error(`creating the screen's login failed: ${createError?.message}`);
  const userId = created.user.id;

  const { data: finished, error: finishError } = await admin.rpc('finish_screen_pairing', {
    p_pairing_id: pairing.id,
    p_secret_hash: hash,
    p_user_id: userId,
  });
  if (finishError || !finished) {
    // Another poll used the pairing first (or it was revoked meanwhile): this login is not needed.
    await admin.auth.admin.deleteUser(userId);
    if (finishError) throw new Error(`giving the device its login failed: ${finishError.message}`);
    throw new HttpError(404, UNKNOWN_PAIRING);
  }
  // The device's earlier screen login, if any, was deleted with the change (a trigger on
  // equipment_status), ending its sessions.
  const { device_id } = finished as { device_id: string };

  return json({ status: 'paired', device_id, email, password }, 200, NO_STORE);
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  const randomBytes = deps.randomBytes ?? cryptoRandomBytes;
  return postHandler(async (req) => {
    const body = await parseBody(req, bodySchema);
    const admin = serviceClient(deps.env, { fetch: deps.fetch });
    if (body.action === 'start') return await start(admin, req, randomBytes);
    return await poll(admin, body.pairing_id, body.secret, randomBytes);
  });
}
