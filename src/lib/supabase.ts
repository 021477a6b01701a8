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

/** The one Supabase client of the app, typed with the database's generated types (JSON made precise). */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  // The session survives a killed browser (lib/durable-storage.ts).
  auth: { storageKey: AUTH_STORAGE_KEY, storage: durableStorage, detectSessionInUrl: takesSessionFromUrl },
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
 * Runs `work` under supabase-js's own lock on the session (a Web Lock named as its storage):
 * never beside one of its renewals. Two renewals with one refresh token would get the session
 * revoked by Auth (`refresh_token_already_used`) once they are 10 s apart.
 */
function underSessionLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(`lock:${AUTH_STORAGE_KEY}`, work) : work();
}

/**
 * The network is back (the browser's `online` event, a read that needs a session): renews the
 * kept session at once when its access token ran out or is about to. After a failed renewal
 * supabase-js answers every caller with that failure for 60 s (its cooldown against storms of
 * renewals while the network is out), so a wall whose token ran out during an outage would
 * otherwise wait up to a minute after the network's return before it reads anything. This asks
 * Auth itself (POST /token, grant_type=refresh_token, as supabase-js does), under supabase-js's
 * lock and only if the session still needs it then, keeps the new session where supabase-js
 * keeps it, and hands it to the app's client (setSession) for its listeners and Realtime. A
 * refused token is left to supabase-js, which drops the session on its next try. Resolves true
 * when it renewed the session; one renewal at a time.
 */
export function renewSessionNow(now = Date.now()): Promise<boolean> {
  const kept = keptSession();
  if (!kept || !sessionNeedsRenewal(kept, now)) return Promise.resolve(false);
  renewal ??= (async () => {
    try {
      const renewed = await underSessionLock(async (): Promise<Session | null> => {
        // supabase-js may have renewed it while this waited for the lock.
        const current = keptSession();
        if (!current || !sessionNeedsRenewal(current)) return null;
        // A network that swallows requests must not hold the lock, nor the next renewal, for ever.
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), RENEWAL_TIMEOUT_MS);
        try {
          const answer = await fetch(`${env.supabaseUrl}/auth/v1/token?grant_type=refresh_token`, {
            signal: abort.signal,
            method: 'POST',
            headers: {
              apikey: env.supabaseAnonKey,
              Authorization: `Bearer ${env.supabaseAnonKey}`,
              'Content-Type': 'application/json;charset=UTF-8',
            },
            body: JSON.stringify({ refresh_token: current.refresh_token }),
          });
          if (!answer.ok) return null;
          const session = (await answer.json()) as Partial<Session>;
          if (!session.access_token || !session.refresh_token || !session.user) return null;
          const kept: Session = {
            ...(session as Session),
            expires_at: session.expires_at ?? Math.round(Date.now() / 1000) + (session.expires_in ?? 3600),
          };
          await durableStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(kept));
          return kept;
        } finally {
          clearTimeout(timer);
        }
      });
      if (!renewed) return false;
      // Valid as it is: supabase-js keeps it and tells its listeners, asking Auth nothing more.
      const { error } = await supabase.auth.setSession({
        access_token: renewed.access_token,
        refresh_token: renewed.refresh_token,
      });
      return !error;
    } catch {
      return false;
    } finally {
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
