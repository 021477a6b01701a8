// Placeholder until the auth service lands.
import { sendJson, type Service, type StackContext } from '../http/server.ts';

export async function createAuthService(_ctx: StackContext): Promise<Service> {
  return { handle: async (_req, res) => sendJson(res, 501, { message: 'auth is not implemented yet' }) };
}
