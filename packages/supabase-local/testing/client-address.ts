// Requests from a client address of a test's own. The stack keys every limit on the
// connection's address (a client's X-Forwarded-For is ignored), so a test that needs a
// bucket of its own connects from its own loopback address: on Linux every address of
// 127.0.0.0/8 is the loopback interface, and a socket bound to 127.a.b.c reaches a server
// listening on 127.0.0.1 with 127.a.b.c as its peer address.
import { randomInt } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';

/** The address tests start a stack with as its trusted proxy (STACK_TRUSTED_PROXIES): never handed out below. */
export const TRUSTED_PROXY_ADDRESS = '127.255.255.254';

/** A loopback address no other test is likely to use: never 127.0.0.x or 127.255.x.x. */
export function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

const agents = new Map<string, Agent>();

/** A fetch whose connections leave from `address` (a loopback address). */
export function fetchFrom(address: string): typeof fetch {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address });
    agents.set(address, agent);
  }
  const dispatcher = agent;
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch;
}
