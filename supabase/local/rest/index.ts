// Placeholder until the rest service lands.
import { sendJson, type Service, type StackContext } from '../http/server.ts';

export async function createRestService(_ctx: StackContext): Promise<Service> {
  return { handle: async (_req, res) => sendJson(res, 501, { message: 'rest is not implemented yet' }) };
}
