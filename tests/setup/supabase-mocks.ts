// Thin stand-ins for Supabase answers in component tests, shaped as the wire
// reference describes them. Rules that live in Postgres are tested against the
// local stack, not here.
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { env } from '@/config/env';

export const SUPABASE_URL = env.supabaseUrl;

export const authUrl = (path: string) => `${SUPABASE_URL}/auth/v1${path}`;
export const restUrl = (path: string) => `${SUPABASE_URL}/rest/v1${path}`;

const API_VERSION_HEADER = { 'x-supabase-api-version': '2024-01-01' };

export function fakeUser(email = 'admin@example.com', id = '6f1c3a2e-0000-4000-8000-000000000001') {
  const now = new Date().toISOString();
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: now,
    phone: '',
    confirmed_at: now,
    last_sign_in_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** A 200 session as POST /auth/v1/token answers it. */
export function sessionFor(user: ReturnType<typeof fakeUser>) {
  const now = Math.floor(Date.now() / 1000);
  return {
    access_token: 'header.payload.signature',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    refresh_token: 'refresh-token',
    user,
  };
}

/** A GoTrue error body (API version 2024-01-01 form). */
export function authError(status: number, code: string, message: string) {
  return HttpResponse.json({ code, message }, { status, headers: { ...API_VERSION_HEADER, 'x-sb-error-code': code } });
}

/** Handles POST /auth/v1/token?grant_type=password with the given resolver. */
export const onPasswordSignIn = (resolver: HttpResponseResolver) =>
  http.post(authUrl('/token'), (info) => {
    if (new URL(info.request.url).searchParams.get('grant_type') !== 'password') {
      return authError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
    return resolver(info);
  });

export const functionsUrl = (name: string) => `${SUPABASE_URL}/functions/v1/${name}`;

/** Where supabase-js keeps the session for this URL (sb-<first host label>-auth-token). */
export const STORAGE_KEY = `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`;

/** Stores a session for `user` where supabase-js looks for it, as if they had signed in earlier. */
export function storeSession(user: ReturnType<typeof fakeUser>) {
  const session = sessionFor(user);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** An unsigned JWT that supabase-js can decode (it never checks the signature itself). */
export function fakeJwt(claims: Record<string, unknown> = {}) {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  return [
    encode({ alg: 'HS256', typ: 'JWT' }),
    encode({
      sub: '6f1c3a2e-0000-4000-8000-000000000001',
      role: 'authenticated',
      iat: now,
      exp: now + 3600,
      ...claims,
    }),
    'c2lnbmF0dXJl',
  ].join('.');
}

/** Answers GET /rest/v1/users?select=role&id=eq.<id> with `role` (the role of public.users). */
export const onUserRole = (role: string | HttpResponseResolver) =>
  http.get(restUrl('/users'), typeof role === 'string' ? () => HttpResponse.json({ role }) : role);

/** Answers POST /auth/v1/logout with 204 and reports each call. */
export const onLogout = (onCall: (scope: string | null) => void = () => undefined) =>
  http.post(authUrl('/logout'), ({ request }) => {
    onCall(new URL(request.url).searchParams.get('scope'));
    return new HttpResponse(null, { status: 204 });
  });

/** An empty answer of player_playlist(): the server decides what plays now; tests say what it answers. */
export const emptyPlaylist = { version: '', customer: null, today: null, slides: [] as unknown[] };

/**
 * Answers POST /rest/v1/rpc/player_playlist with what `answer` returns for the request's
 * arguments (such as { p_customer_id }).
 */
export const onPlayerPlaylist = (answer: (args: Record<string, unknown>) => object) =>
  http.post(restUrl('/rpc/player_playlist'), async ({ request }) => {
    const args = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    return HttpResponse.json(answer(args));
  });

/**
 * A playing screen's read of its device's orientation (GET equipment_status?select=orientation),
 * answered with `orientation`; other reads of equipment_status go on to the next handler.
 */
export const onDeviceOrientation = (orientation: 'landscape' | 'portrait' = 'landscape', reads?: string[]) =>
  http.get(restUrl('/equipment_status'), ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('select') !== 'orientation') return undefined;
    reads?.push((url.searchParams.get('id') ?? '').replace(/^eq\./, ''));
    return HttpResponse.json([{ orientation }]);
  });

/** Keeps on the device a session of `user` whose access token ran out a minute ago (to be renewed with `refreshToken`). */
export function keepExpiredSession(user: ReturnType<typeof fakeUser>, refreshToken: string) {
  const now = Math.floor(Date.now() / 1000);
  localStorage.setItem(
    STORAGE_KEY,
    JSON.stringify({ ...sessionFor(user), expires_at: now - 60, refresh_token: refreshToken }),
  );
}

/** A renewed session of `user` as POST /auth/v1/token answers it: a real-looking access token for an hour. */
export function renewedSession(user: ReturnType<typeof fakeUser>, refreshToken: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    ...sessionFor(user),
    access_token: fakeJwt({ iat: now, exp: now + 3600 }),
    expires_at: now + 3600,
    refresh_token: refreshToken,
  };
}
