// Who may use a channel, as Supabase Realtime decides it: the token checks of
// ChannelsAuthorization.authorize_conn, the role rule (a token whose role the authenticator may
// not take gets no channel), and Realtime Authorization for private channels: policies on
// realtime.messages, probed as the caller in a transaction that is always rolled back
// (Realtime.Tenants.Authorization).
import { randomUUID } from 'node:crypto';
import { JWT_ROLES, type Db, type Tx } from '../db/core.ts';
import { verifyJwt, type Claims } from '../http/jwt.ts';

export type TokenCheck =
  { ok: true; claims: Claims } | { ok: false; kind: 'expired' | 'malformed' | 'signature' | 'claims'; message: string };

/** What ChannelsAuthorization.authorize_conn answers for a token. */
export async function checkToken(token: string | undefined, secret: string): Promise<TokenCheck> {
  if (!token) return { ok: false, kind: 'malformed', message: 'The token provided is not a valid JWT' };
  const v = await verifyJwt(token, secret);
  if (!v.ok) {
    if (v.reason === 'expired') {
      const exp = decodeExp(token);
      const ago = exp === undefined ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, kind: 'expired', message: `Token has expired ${ago} seconds ago` };
    }
    if (token.split('.').length !== 3)
      return { ok: false, kind: 'malformed', message: 'The token provided is not a valid JWT' };
    return { ok: false, kind: 'signature', message: 'Failed to validate JWT signature' };
  }
  if (typeof v.claims.role !== 'string' || typeof v.claims.exp !== 'number') {
    return { ok: false, kind: 'claims', message: 'Fields `role` and `exp` are required in JWT' };
  }
  return { ok: true, claims: v.claims };
}

function decodeExp(token: string): number | undefined {
  try {
    const body = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof body.exp === 'number' ? body.exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * May a token's role be taken? The rule the rest of the stack applies (JWT_ROLES: the roles
 * authenticator is granted, and itself; PostgREST's `set role` fails for any other). Realtime
 * takes the role in its authorization check (Authorization.set_conn_config); when Postgres
 * refuses it (22023 for a role that does not exist, 42501 for one not granted), that check
 * answers :rls_policy_error and the join is refused as Unauthorized
 * (RealtimeChannel.maybe_assign_policies), or a joined channel ends with the same message after
 * an access_token. The local stack makes that check for every channel, public or private,
 * whatever it carries (Broadcast, Presence, Postgres changes).
 */
export function roleAllowed(claims: Claims): boolean {
  return JWT_ROLES.has(String(claims.role));
}

export function unreadable(topic: string): string {
  return `You do not have permissions to read from this Channel topic: ${topic.slice('realtime:'.length)}`;
}

/** What a private channel's caller may do, as its policies on realtime.messages answered. */
export interface Policies {
  broadcastRead: boolean;
  presenceRead: boolean;
  broadcastWrite?: boolean;
  presenceWrite?: boolean;
}

/** Whom a policy check runs as: a token's claims and role, on a topic (`realtime:` and its name). */
export interface Caller {
  claims: Claims;
  role: string;
  topic: string;
}

function authScope(ch: Caller) {
  return {
    role: ch.role,
    claims: ch.claims,
    roleSettings: false,
    settings: { 'realtime.topic': ch.topic.slice('realtime:'.length) },
  };
}

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback');
  }
}

/** Runs fn as the caller inside a transaction that is always rolled back; returns fn's value. */
async function probe<T>(db: Db, ch: Caller, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await db.withRequest(authScope(ch), async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (e) {
    if (e instanceof Rollback) return e.value as T;
    throw e;
  }
  throw new Error('unreachable');
}

/** Read policies: probe rows inserted as the owner, then selected as the caller (Authorization.get_read_authorizations). */
export async function readPolicies(db: Db, ch: Caller, withPresence: boolean): Promise<Policies> {
  const subTopic = ch.topic.slice('realtime:'.length);
  const ids = { broadcast: randomUUID(), presence: randomUUID() };
  return probe(db, ch, async (tx) => {
    const wanted = withPresence ? [ids.broadcast, ids.presence] : [ids.broadcast];
    await tx.query('reset role');
    await tx.query(
      `insert into realtime.messages (id, topic, extension)
       select unnest($1::uuid[]), $2, unnest($3::text[])`,
      [wanted, subTopic, withPresence ? ['broadcast', 'presence'] : ['broadcast']],
    );
    await tx.query(`select set_config('role', $1, true)`, [ch.role]);
    const { rows } = await tx.query<{ id: string }>(
      'select id::text as id from realtime.messages where id = any($1::uuid[])',
      [wanted],
    );
    const seen = new Set(rows.map((r) => r.id));
    return { broadcastRead: seen.has(ids.broadcast), presenceRead: withPresence && seen.has(ids.presence) };
  });
}

/** A write policy: can the caller insert a message of this extension on the topic? */
export async function canWrite(db: Db, ch: Caller, extension: 'broadcast' | 'presence'): Promise<boolean> {
  try {
    return await probe(db, ch, async (tx) => {
      await tx.query(`insert into realtime.messages (topic, extension) values ($1, $2)`, [
        ch.topic.slice('realtime:'.length),
        extension,
      ]);
      return true;
    });
  } catch (e) {
    if ((e as { code?: string }).code === '42501') return false;
    throw e;
  }
}
