import { createClient, type Session } from '@supabase/supabase-js';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { forgetDurable, durableStorage } from '@/lib/durable-storage';
import { jitteredReconnectAfterMs } from '@/lib/reconnect-jitter';
import type { Database } from '@/types/supabase';

/**
 * Where supabase-js keeps the session in localStorage: its default name for this URL
 * (sb-<first host label>-auth-token), set explicitly so the app can read it too.
 */
export const AUTH_STORAGE_KEY = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;

/**
 * The spec's realtime constants: a heartbeat every 25 s, reconnects after 1, 2, 5, then every
 * 10 s, each step times a random factor in [0.5, 1.5) so that the screens of a network that
 * lost their sockets together (a restarted stack) do not all come back at the same instant.
 */
export const REALTIME_HEARTBEAT_MS = 25_000;
export const realtimeReconnectAfterMs = (tries: number): number => jitteredReconnectAfterMs(tries);

/**
 * Whether supabase-js takes the session from a link's URL when the app loads (its
 * `detectSessionInUrl`, which as a function decides what counts as an implicit-grant
 * callback): a URL carrying a link's tokens or error, as supabase-js's own check, except on
 * the reset page, which needs the link's tokens in its address to tell a reset link from a
 * page opened without one (and sets the session itself when the new password is chosen).
 */
export function takesSessionFromUrl(url: URL, params: Record<string, string>): boolean {
  if (url.pathname.replace(/\/+$/, '') === paths.auth.resetPassword.path) return false;
  return Boolean(params.access_token || params.error || params.error_description || params.error_code);
}

/** A refresh token's answer from Auth, kept to be handed again (see supabaseFetch). */
interface RefreshAnswer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}
const refreshAnswers = new Map<string, Promise<RefreshAnswer>>();
/** How many refresh tokens' answers are kept (a wall uses one an hour). */
const KEPT_REFRESH_ANSWERS = 8;

/** The refresh token a request renews the session with (POST /auth/v1/token?grant_type=refresh_token), if it is one. */
function refreshTokenOf(input: RequestInfo | URL, init?: RequestInit): string | null {
  const url = input instanceof Request ? input.url : String(input);
  if (!url.includes('/auth/v1/token') || !url.includes('grant_type=refresh_token')) return null;
  if (typeof init?.body !== 'string') return null;
  try {
    const token = (JSON.parse(init.body) as { refresh_token?: unknown }).refresh_token;
    return typeof token === 'string' ? token : null;
  } catch {
    return null;
  }
}

/**
 * The app's fetch for Supabase: each refresh token goes to Auth once. supabase-js renews the
 * session on its own (its timer, a read with a token about to expire, retries after a failure
 * with waits of up to 6.4 s), and renewSessionNow renews it at once when the network is back;
 * supabase-js 2.x keeps no lock between the two. Auth rotates refresh tokens: the second use
 * of one more than 10 s after the first is refused (`refresh_token_already_used`) and revokes
 * the session, which signs the screen out. So the answer to a refresh token (a new session or
 * a refusal) is kept, and a second request with that token gets the same answer without going
 * out; only a request that got no answer (offline) or a server error may go out again.
 */
export const supabaseFetch: typeof fetch = async (input, init) => {
  const token = refreshTokenOf(input, init);
  if (token === null) return fetch(input, init);
  let answer = refreshAnswers.get(token);
  if (!answer) {
    const asked = fetch(input, init).then(async (response) => {
      const kept: RefreshAnswer = {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers.entries()],
        body: await response.text(),
      };
      if (response.status >= 500) refreshAnswers.delete(token);
      return kept;
    });
    answer = asked;
    refreshAnswers.set(token, asked);
    asked.catch(() => refreshAnswers.delete(token));
    while (refreshAnswers.size > KEPT_REFRESH_ANSWERS) refreshAnswers.delete(refreshAnswers.keys().next().value!);
  }
  const { body, ...rest } = await answer;
  return new Response([204, 205, 304].includes(rest.status) ? null : body, rest);
};

/** The one Supabase client of the app, typed with the database's generated types (JSON made precise). */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  // The session survives a killed browser (lib/durable-storage.ts).
  auth: { storageKey: AUTH_STORAGE_KEY, storage: durableStorage, detectSessionInUrl: takesSessionFromUrl },
  global: { fetch: supabaseFetch },
  realtime: { heartbeatIntervalMs: REALTIME_HEARTBEAT_MS, reconnectAfterMs: realtimeReconnectAfterMs },
});

/**
 * The session supabase-js still keeps on this device, read straight from storage. After
 * a start without a network and an access token that ran out meanwhile, supabase-js
 * reports no session (it could not renew it) yet keeps it, to renew it once the network
 * is back; a session it gave up on (refused by the server) is removed from storage.
 */
export function keptSession(): Session | null {
  try {
    const value = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as Partial<Session> | null;
    if (!value?.access_token || !value.refresh_token || !value.user?.id) return null;
    return value as Session;
  } catch {
    return null;
  }
}

/** True when supabase-js must renew the session before using it (it does so in a token's last 90 s). */
export function sessionNeedsRenewal(session: Session, now = Date.now()): boolean {
  return (session.expires_at ?? 0) * 1000 - now < 90_000;
}

/**
 * The kept session when it can be used as it is (no renewal first), else null. A read
 * started with it never waits on a renewal, which without a network takes supabase-js
 * about 25 s.
 */
export function freshKeptSession(now = Date.now()): Session | null {
  const session = keptSession();
  return session && !sessionNeedsRenewal(session, now) ? session : null;
}

let renewal: Promise<boolean> | null = null;
/** How long renewSessionNow waits for Auth's answer. */
const RENEWAL_TIMEOUT_MS = 10_000;

/**
 * The network is back (the browser's `online` event, a read that needs a session): renews the
 * kept session at once when its access token ran out or is about to. After a failed renewal
 * supabase-js answers every caller with that failure for 60 s (its cooldown against storms of
 * renewals while the network is out), so a wall whose token ran out during an outage would
 * otherwise wait up to a minute after the network's return before it reads anything. This asks
 * Auth itself (POST /token, grant_type=refresh_token, as supabase-js does) through
 * supabaseFetch, so the token goes to Auth once whichever of the two asks first, keeps the new
 * session where supabase-js keeps it, and hands it to the app's client (setSession) for its
 * listeners and Realtime. A refused token is left to supabase-js, which drops the session on
 * its next try (it gets the same refusal). Resolves true when it renewed the session; one
 * renewal at a time.
 */
export function renewSessionNow(now = Date.now()): Promise<boolean> {
  const kept = keptSession();
  if (!kept || !sessionNeedsRenewal(kept, now)) return Promise.resolve(false);
  renewal ??= (async () => {
    // A network that swallows requests must not hold the next renewal for ever.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), RENEWAL_TIMEOUT_MS);
    try {
      // Through supabaseFetch: a renewal supabase-js makes with the same token meanwhile gets
      // this one's answer, and the token goes to Auth once.
      const answer = await supabaseFetch(`${env.supabaseUrl}/auth/v1/token?grant_type=refresh_token`, {
        signal: abort.signal,
        method: 'POST',
        headers: {
          apikey: env.supabaseAnonKey,
          Authorization: `Bearer ${env.supabaseAnonKey}`,
          'Content-Type': 'application/json;charset=UTF-8',
        },
        body: JSON.stringify({ refresh_token: kept.refresh_token }),
      });
      if (!answer.ok) return false;
      const session = (await answer.json()) as Partial<Session>;
      if (!session.access_token || !session.refresh_token || !session.user) return false;
      const renewed: Session = {
        ...(session as Session),
        expires_at: session.expires_at ?? Math.round(Date.now() / 1000) + (session.expires_in ?? 3600),
      };
      await durableStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(renewed));
      // Valid as it is: supabase-js keeps it and tells its listeners, asking Auth nothing more.
      const { error } = await supabase.auth.setSession({
        access_token: renewed.access_token,
        refresh_token: renewed.refresh_token,
      });
      return !error;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      renewal = null;
    }
  })();
  return renewal;
}

/** Forgets the session on this device only (what signing out offline can do). */
export function forgetKeptSession(): void {
  void forgetDurable(['', '-user', '-code-verifier'].map((suffix) => `${AUTH_STORAGE_KEY}${suffix}`));
}

/**
 * True when requests would go out with a signed-in user's token. While a session cannot
 * be renewed (offline, access token expired), supabase-js sends the anon key instead, and
 * row-level security would answer every read with nothing: callers that keep showing
 * what they have (the player) must not take that for "no data".
 */
export async function hasLiveSession(): Promise<boolean> {
  const { data } = await supabase.auth.getSession();
  return data.session !== null;
}
