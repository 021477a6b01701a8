// Placeholder until the functions service lands.
import { sendJson, type Service, type StackContext } from '../http/server.ts';

export async function createFunctionsService(_ctx: StackContext): Promise<Service> {
  return { handle: async (_req, res) => sendJson(res, 501, { message: 'functions is not implemented yet' }) };
}
