// Echoes what the function received: method, sub-path, query, headers and body.
import { cors, json, preflight } from '../_shared/respond.ts';

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const url = new URL(req.url);
  const text = await req.text();
  let body: unknown = text;
  if ((req.headers.get('content-type') ?? '').includes('application/json') && text) body = JSON.parse(text);
  if (url.searchParams.get('status')) {
    return new Response('custom', {
      status: Number(url.searchParams.get('status')),
      headers: { ...cors, 'Content-Type': 'text/plain', 'X-Echo': 'yes' },
    });
  }
  return json({
    method: req.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    authorization: req.headers.get('authorization'),
    apikey: req.headers.get('apikey'),
    contentType: req.headers.get('content-type'),
    forwardedFor: req.headers.get('x-forwarded-for'),
    realIp: req.headers.get('x-real-ip'),
    cfConnectingIp: req.headers.get('cf-connecting-ip'),
    body,
  });
});
