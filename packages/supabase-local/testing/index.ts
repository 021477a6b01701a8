// supabase-local/testing: what the tests of a Supabase project (and the emulator's own) use
// to run the emulator for a project folder and to talk to it as clients do. Test files of a
// vitest suite add supabase-local/testing/vitest, bound to the suite's stack.
export {
  defaultBasePort,
  engineFromEnv,
  startTestStack,
  type Engine,
  type TestStack,
  type TestStackOptions,
  type TestStackRun,
} from './stack-process.ts';
export { provideStack } from './global-setup.ts';
export { findPgBin, startCluster, type Cluster } from './postgres.ts';
export {
  ANON_KEY,
  createTestClient,
  httpAt,
  JWT_SECRET,
  SERVICE_ROLE_KEY,
  signToken,
  type AnyClient,
  type TestClientOptions,
} from './clients.ts';
export { inbox, otpCode, verifyLink, type InboxClient, type InboxMessage } from './inbox.ts';
export { secretOf, totp } from './totp.ts';
export { fetchFrom, loopbackAddress, TRUSTED_PROXY_ADDRESS } from './client-address.ts';
export { collector, joinWith, subscribed } from './realtime.ts';
