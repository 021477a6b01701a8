// Finishes work after its response with EdgeRuntime.waitUntil; GET reports what finished.
import { json, preflight } from '../_shared/respond.ts';

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void };

const finished: string[] = [];

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method === 'GET') return json({ finished });
  const { task } = (await req.json()) as { task: string };
  EdgeRuntime.waitUntil(new Promise<void>((resolve) => setTimeout(() => resolve(void finished.push(task)), 1000)));
  return json({ accepted: task }, 202);
});
