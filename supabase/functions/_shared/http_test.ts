import { z } from 'zod';
import { deepStrictEqual as assertEquals, ok } from 'node:assert/strict';
import { errorResponse, HttpError, parseBody, readJson } from './http.ts';

/** The HttpError a promise rejects with (fails when it resolves or rejects with something else). */
async function httpErrorOf(p: Promise<unknown>): Promise<HttpError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  ok(e instanceof HttpError, `expected an HttpError, got ${String(e)}`);
  return e;
}

const post = (body: string) =>
  new Request('http://localhost/fn', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

Deno.test('readJson parses a JSON body', async () => {
  assertEquals(await readJson(post('{"a":1}')), { a: 1 });
});

Deno.test('readJson refuses a malformed body with a 400', async () => {
  const e = await httpErrorOf(readJson(post('{nope')));
  assertEquals(e.status, 400);
});

Deno.test('parseBody names the first invalid field', async () => {
  const schema = z.object({ name: z.string().min(1) });
  const e = await httpErrorOf(parseBody(post('{"name":""}'), schema));
  assertEquals(e.status, 400);
  assertEquals(e.message.startsWith('name: '), true);
  assertEquals(await parseBody(post('{"name":"Lobby"}'), schema), { name: 'Lobby' });
});

Deno.test('errorResponse turns an HttpError into { error } and hides anything else', async () => {
  const known = errorResponse(new HttpError(422, 'Bad slide order'));
  assertEquals(known.status, 422);
  assertEquals(await known.json(), { error: 'Bad slide order' });
  const originalError = console.error;
  console.error = () => undefined;
  try {
    const unknown = errorResponse(new Error('connection string postgres://secret'));
    assertEquals(unknown.status, 500);
    assertEquals(await unknown.json(), { error: 'Internal server error' });
  } finally {
    console.error = originalError;
  }
});
