// Pairing a wall screen: the screen asks the screen-pairing edge function for a code, shows
// it, and asks every few seconds whether an admin has entered it (Equipment → Add screen).
// Once paired it receives a login of its own (not the venue's), signs in with it and plays.
// The pairing in progress is kept on the device, so a reload shows the same code.
import { type Pairing, type PollAnswer as Answer, SCREEN_DEVICE_CLAIM } from '@contracts/screen-pairing.ts';
import { callFunction } from '@/lib/functions';
import { supabase } from '@/lib/supabase';
import type { MyScreen } from '@/types/database-json';

/** How often a screen showing its code asks whether it was paired. */
export const PAIRING_POLL_MS = 3_000;

const PAIRING_KEY = 'signage-screen:pairing';

export type { Pairing };

/** What the kiosk makes of a poll: the function's answer, with its wait reduced to waiting. */
export type PollAnswer = { status: 'waiting' } | Exclude<Answer, { status: 'waiting' }>;

/** The device the screen-pairing function gave a screen's login (its app metadata). */
export function screenDeviceId(user: { app_metadata?: Record<string, unknown> } | null | undefined): string | null {
  const id = user?.app_metadata?.[SCREEN_DEVICE_CLAIM];
  return typeof id === 'string' && id ? id : null;
}

const call = (body: Record<string, unknown>) => callFunction('screen-pairing', body);

export function keptPairing(now = Date.now()): Pairing | null {
  try {
    const value = JSON.parse(localStorage.getItem(PAIRING_KEY) ?? 'null') as Pairing | null;
    if (!value?.pairing_id || !value.code || !value.secret) return null;
    return Date.parse(value.expires_at) > now ? value : null;
  } catch {
    return null;
  }
}

export function forgetPairing(): void {
  localStorage.removeItem(PAIRING_KEY);
}

/** A pairing code for this screen: the one it already shows, or a new one. */
export async function startPairing(): Promise<Pairing> {
  const kept = keptPairing();
  if (kept) return kept;
  const answer = await call({ action: 'start' });
  const body = answer.body as Partial<Pairing> | null;
  if (answer.status !== 200 || !body?.code || !body.pairing_id || !body.secret || !body.expires_at) {
    throw new Error(`The pairing service answered ${answer.status}.`);
  }
  const pairing = body as Pairing;
  localStorage.setItem(PAIRING_KEY, JSON.stringify(pairing));
  return pairing;
}

/** Whether an admin has entered the code yet; 'paired' carries the screen's login, once. */
export async function pollPairing(pairing: Pairing): Promise<PollAnswer> {
  const answer = await call({ action: 'poll', pairing_id: pairing.pairing_id, secret: pairing.secret });
  const body = answer.body as Partial<Answer & { email: string; password: string; device_id: string }> | null;
  if (answer.status === 410 || answer.status === 404) return { status: 'expired' };
  if (answer.status !== 200 || !body) throw new Error(`The pairing service answered ${answer.status}.`);
  if (body.status === 'paired' && body.email && body.password && body.device_id) {
    return { status: 'paired', device_id: body.device_id, email: body.email, password: body.password };
  }
  return { status: 'waiting' };
}

/**
 * The screen's own login, kept on the device from its pairing, so a wall whose session was
 * lost signs in again by itself instead of showing a pairing code to an empty room. A session
 * is lost when its refresh token is refused: a kiosk killed (by its watchdog, by a power cut)
 * within seconds of a token refresh can lose the browser's last storage writes and come back
 * with a token the server has already replaced (GoTrue then revokes the session). The login
 * gives no more than the session did (the screen's own device, by row-level security), and a
 * revoked screen's login is deleted, so it is then refused and forgotten.
 */
const SCREEN_LOGIN_KEY = 'signage-screen:login';

export interface ScreenLogin {
  userId: string;
  email: string;
  password: string;
}

export function keptScreenLogin(): ScreenLogin | null {
  try {
    const value = JSON.parse(localStorage.getItem(SCREEN_LOGIN_KEY) ?? 'null') as ScreenLogin | null;
    return value?.userId && value.email && value.password ? value : null;
  } catch {
    return null;
  }
}

function forgetScreenLoginKept(): void {
  localStorage.removeItem(SCREEN_LOGIN_KEY);
}

/** Signs this browser in as the paired screen; the pairing is then used up, the login kept. */
export async function signInAsScreen(answer: Extract<PollAnswer, { status: 'paired' }>): Promise<void> {
  const { data, error } = await supabase.auth.signInWithPassword({ email: answer.email, password: answer.password });
  if (error) throw error;
  localStorage.setItem(
    SCREEN_LOGIN_KEY,
    JSON.stringify({ userId: data.user.id, email: answer.email, password: answer.password } satisfies ScreenLogin),
  );
  forgetPairing();
}

/**
 * Signs the screen in again with its kept login: 'signed-in', 'refused' (the login is gone:
 * the screen was revoked; it is forgotten) or 'unreachable' (try again later).
 */
export async function signInAgainAsScreen(
  login: Pick<ScreenLogin, 'email' | 'password'>,
): Promise<'signed-in' | 'refused' | 'unreachable'> {
  try {
    const { error } = await supabase.auth.signInWithPassword({ email: login.email, password: login.password });
    if (!error) return 'signed-in';
    if (error.status === 400 || error.status === 401 || error.status === 403 || error.status === 422) {
      forgetScreenLoginKept();
      return 'refused';
    }
    return 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** The signed-in screen's device, or null once an admin revoked it. */
export async function getMyScreen(): Promise<MyScreen | null> {
  const { data } = await supabase.rpc('my_screen').throwOnError();
  return data;
}

/** Forgets the revoked screen's login on this device, so it shows a pairing code again. */
export async function forgetScreenLogin(): Promise<void> {
  forgetScreenLoginKept();
  await supabase.auth.signOut({ scope: 'local' });
}
