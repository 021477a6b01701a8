// Placeholder until the storage service lands.
import { sendJson, type Service, type StackContext } from '../http/server.ts';

export async function createStorageService(_ctx: StackContext): Promise<Service> {
  return { handle: async (_req, res) => sendJson(res, 501, { message: 'storage is not implemented yet' }) };
}
