// The one msw server of the unit tests. Requests nothing handles fail the test
// (onUnhandledRequest: 'error'); tests add what they need with server.use(...).
// One initial handler: the role read the auth provider starts for every stored session
// (tests of roles and guards answer it themselves with onUserRole).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { env } from '@/config/env';

export const server = setupServer(
  http.get(`${env.supabaseUrl}/rest/v1/users`, () => HttpResponse.json({ role: 'customer' })),
);
