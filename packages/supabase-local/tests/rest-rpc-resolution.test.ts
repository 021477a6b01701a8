// Which function an RPC call means, as PostgREST resolves it: overloads by
// argument names, ambiguity as 300 PGRST203, a single unnamed parameter taking
// the whole body (JSON, text, XML or bytes), and counts on /rpc/.
import { describe, expect, it } from 'vitest';
import { anon, http } from 'supabase-local/testing/vitest';

describe('rest rpc overloads', () => {
  it('calls the overload whose parameters the argument names fit', async () => {
    expect((await anon().rpc('rest_over', { a: 1 })).data).toBe('a');
    expect((await anon().rpc('rest_over', { a: 1, b: 2 })).data).toBe('a, b');
    expect((await anon().rpc('rest_over', { c: 'x' })).data).toBe('c');
    expect((await anon().rpc('rest_over', { a: 1, b: 2 }, { get: true })).data).toBe('a, b');
    expect((await anon().rpc('rest_defaults', { a: 1, b: 3 })).data).toBe('two');
  });

  it('answers 300 PGRST203 when several overloads fit, never a silent pick or 42725', async () => {
    const { data, error, status } = await anon().rpc('rest_amb', { x: 1 });
    expect(status).toBe(300);
    expect(data).toBeNull();
    expect(error).toEqual({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.rest_amb(x => integer), public.rest_amb(x => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    const get = await anon().rpc('rest_amb', { x: 'y' }, { get: true });
    expect(get.status).toBe(300);
    expect(get.error?.code).toBe('PGRST203');
    // A default makes the shorter overload fit as well: fewer parameters are listed first.
    const defaults = await anon().rpc('rest_defaults', { a: 1 });
    expect(defaults.status).toBe(300);
    expect(defaults.error?.message).toBe(
      'Could not choose the best candidate function between: public.rest_defaults(a => integer), public.rest_defaults(a => integer, b => integer)',
    );
  });
});

describe('rest rpc with a single unnamed parameter', () => {
  it('passes the whole JSON body, also when its only key is ""', async () => {
    const whole = await anon().rpc('rest_unnamed_json', { x: [1, 2], y: 'z' });
    expect(whole.error).toBeNull();
    expect(whole.data).toEqual({ x: [1, 2], y: 'z' });
    const emptyKey = await anon().rpc('rest_unnamed_json', { '': 5 });
    expect(emptyKey.error).toBeNull();
    expect(emptyKey.data).toEqual({ '': 5 });
  });

  it('passes a raw text/plain, text/xml or application/octet-stream body', async () => {
    const text = await http('/rest/v1/rpc/rest_unnamed_text', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('text: hello');
    const xml = await http('/rest/v1/rpc/rest_unnamed_xml', { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: '<a>1</a>' });
    expect(await xml.json()).toBe('xml: <a>1</a>');
    const bytes = await http('/rest/v1/rpc/rest_unnamed_bytea', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 255]),
    });
    expect(await bytes.json()).toBe(4);
  });

  it('answers 404 PGRST202 naming the single unnamed parameter it looked for', async () => {
    const r = await http('/rest/v1/rpc/rest_add', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_add in the schema cache',
      details: 'Searched for the function public.rest_add with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
    const json = await anon().rpc('rest_add', { x: 1 });
    expect(json.error?.details).toBe(
      'Searched for the function public.rest_add with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
  });

  it('answers 400 PGRST102 for a Content-Type it does not read', async () => {
    const r = await http('/rest/v1/rpc/rest_unnamed_text', { method: 'POST', headers: { 'Content-Type': 'text/html' }, body: '<p>' });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 'PGRST102', message: 'Content-Type not acceptable: text/html', details: null, hint: null });
  });
});

describe('rest rpc counts', () => {
  it('counts the rows of a set-returning function with count=exact', async () => {
    const all = await anon().rpc('rest_messages_of', { uid: 1 }, { count: 'exact' }).select('id');
    expect(all.status).toBe(200);
    expect(all.count).toBe(3);
    const page = await anon().rpc('rest_messages_of', { uid: 1 }, { count: 'exact' }).select('id').range(1, 1);
    expect(page.status).toBe(206);
    expect(page.count).toBe(3);
    expect(page.data).toEqual([{ id: 2 }]);
    const head = await anon().rpc('rest_messages_of', { uid: 1 }, { count: 'exact', head: true });
    expect(head.status).toBe(200);
    expect(head.data).toBeNull();
    expect(head.count).toBe(3);
    const r = await http('/rest/v1/rpc/rest_messages_of?uid=1&select=id&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(r.headers.get('content-range')).toBe('0-1/3');
  });

  it('counts 1 for a function returning a single value', async () => {
    const r = await http('/rest/v1/rpc/rest_add?a=1&b=2', { headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('0-0/1');
    expect(await r.json()).toBe(3);
  });
});
