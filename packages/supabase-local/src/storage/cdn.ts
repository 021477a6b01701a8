// DELETE /cdn, /cdn/<bucket>, /cdn/<bucket>/<key> (storage-js purgeCache,
// purgeBucketCache): the service role only. Storage purges through the CDN
// endpoint it is configured with; `supabase start` configures none, and Storage
// then answers that CDN_PURGE_ENDPOINT_URL is not set. So does the stack, which
// has no CDN in front of it.
import type { ServerResponse } from 'node:http';
import type { StackRequest } from '../http/server.ts';
import { errors } from './errors.ts';
import { authenticate, type StorageContext } from './request.ts';
import { queryObject, validate, type Schema } from './schema.ts';

const PURGE_QUERY: Schema = { type: 'object', properties: { transformations: { type: 'boolean' } } };

export async function purgeCache(ctx: StorageContext, req: StackRequest, _res: ServerResponse): Promise<void> {
  validate('querystring', PURGE_QUERY, queryObject(req.url.searchParams));
  const caller = await authenticate(ctx, req);
  if (caller.role !== 'service_role') throw errors.invalidRole();
  throw errors.missingParameter('CDN_PURGE_ENDPOINT_URL is not set');
}
