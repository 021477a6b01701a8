// The one msw server of the unit tests. Requests nothing handles fail the test
// (onUnhandledRequest: 'error'); tests add what they need with server.use(...).
// Initial handlers: the role read the auth provider starts for every stored session
// (tests of roles and guards answer it themselves with onUserRole), Realtime's socket
// (tests that push changes use mockRealtime()), and the audit trail every record's detail page
// reads for its last changes (none; tests of the trail answer it themselves).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { env } from '@/config/env';
import { realtimeHandler } from './realtime-mock';

export const server = setupServer(
  http.get(`${env.supabaseUrl}/rest/v1/users`, () => HttpResponse.json({ role: 'customer' })),
  // The team route guard asks whether a member without a second factor counts as one (it
  // does unless the network requires two-factor sign-in).
  http.post(`${env.supabaseUrl}/rest/v1/rpc/team_can`, () => HttpResponse.json(true)),
  realtimeHandler,
  http.post(`${env.supabaseUrl}/rest/v1/rpc/audit_entries`, () => HttpResponse.json([])),
  // The network's currency, read beside the role.
  http.post(`${env.supabaseUrl}/rest/v1/rpc/network_currency`, () => HttpResponse.json('USD')),
  // A login's language choice, kept on the server.
  http.post(`${env.supabaseUrl}/rest/v1/rpc/set_my_locale`, () => new HttpResponse(null, { status: 204 })),
);
