// A fake network for the Deno tests of edge functions: answers the requests
// supabase-js makes from a table of routes ("POST /auth/v1/otp") and records them.

export interface FakeCall {
  method: string;
  /** The path without the query string, e.g. /rest/v1/customers. */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** The JSON body, or undefined. */
  body: unknown;
}

export type FakeRoute = (call: FakeCall) => Response | Promise<Response>;

export interface FakeNetwork {
  fetch: typeof fetch;
  calls: FakeCall[];
  /** The calls to one route, e.g. "POST /auth/v1/otp". */
  callsTo(route: string): FakeCall[];
}

/** A JSON response as Supabase sends it (auth responses carry the API version header). */
export function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
  });
}

/** Routes are "METHOD /path"; a request no route answers fails the test. */
export function fakeNetwork(routes: Record<string, FakeRoute>): FakeNetwork {
  const calls: FakeCall[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const call: FakeCall = {
      method: req.method,
      path: url.pathname,
      search: url.searchParams,
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) throw new Error(`unexpected request ${call.method} ${call.path}`);
    return await route(call);
  };
  return {
    fetch: fakeFetch as typeof fetch,
    calls,
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}

/** The user object Supabase Auth returns. */
export function fakeUser(
  id: string,
  email: string,
  appMetadata: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: '2026-01-01T00:00:00Z',
    app_metadata: { provider: 'email', providers: ['email'], ...appMetadata },
    user_metadata: {},
    identities: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    is_anonymous: false,
  };
}

export const TEST_ENV = { url: 'http://supabase.test', anonKey: 'anon-key', serviceRoleKey: 'service-role-key' };
