import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { corsHeaders, json, preflight } from './cors.ts';

Deno.test('preflight answers OPTIONS with the CORS headers', async () => {
  const res = preflight(new Request('http://localhost/fn', { method: 'OPTIONS' }));
  assertEquals(res?.status, 200);
  assertEquals(res?.headers.get('Access-Control-Allow-Origin'), '*');
  assertEquals(res?.headers.get('Access-Control-Allow-Headers'), corsHeaders['Access-Control-Allow-Headers']);
  await res?.body?.cancel();
});

Deno.test('preflight lets other methods through', () => {
  assertEquals(preflight(new Request('http://localhost/fn', { method: 'POST' })), null);
});

Deno.test('json sets status, content type and CORS headers, and extra headers win', async () => {
  const res = json({ ok: true }, 201, { 'X-Extra': '1', 'Access-Control-Allow-Origin': 'https://app.example' });
  assertEquals(res.status, 201);
  assertEquals(res.headers.get('Content-Type'), 'application/json');
  assertEquals(res.headers.get('Access-Control-Allow-Methods'), corsHeaders['Access-Control-Allow-Methods']);
  assertEquals(res.headers.get('Access-Control-Allow-Origin'), 'https://app.example');
  assertEquals(res.headers.get('X-Extra'), '1');
  assertEquals(await res.json(), { ok: true });
});
