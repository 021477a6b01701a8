// The one msw server of the unit tests. Requests nothing handles fail the test
// (onUnhandledRequest: 'error'); tests add what they need with server.use(...).
import { setupServer } from 'msw/node';

export const server = setupServer();
