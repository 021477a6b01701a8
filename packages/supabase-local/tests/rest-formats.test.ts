// Response and request formats as PostgREST 14 serves them: CSV out and in,
// GeoJSON (PostGIS is on neither engine: Postgres' own error, as PostgREST
// answers without it), nulls stripped from arrays and objects, EXPLAIN plans
// behind db-plan-enabled (off on Supabase: 406), 406 PGRST107 for anything else,
// and planned counts.
import { describe, expect, it, vi } from 'vitest';
import { anon, http, service } from 'supabase-local/testing/vitest';

describe('rest CSV', () => {
  it('writes CSV as PostgREST does: a header line, rows as Postgres prints records', async () => {
    const { data, error, status } = await anon().from('rest_collections').select('id, name, parent_id').order('id').csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe('id,name,parent_id\n1,root,\n2,"child a",1\n3,"child b",1\n4,grandchild,2');
    const r = await http('/rest/v1/rest_users?select=username&id=eq.1', { headers: { Accept: 'text/csv' } });
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await r.text()).toBe('username\nada');
  });

  it('answers an empty result with an empty header', async () => {
    const { data } = await anon().from('rest_users').select('id').eq('id', 0).csv();
    expect(data).toBe('\n');
  });

  it('inserts rows sent as text/csv, NULL standing for null', async () => {
    const r = await http('/rest/v1/rest_items?select=sku,name,note&order=sku', {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv', Prefer: 'return=representation' },
      body: 'sku,name,note\ncsv-1,First,NULL\ncsv-2,"Second, quoted",hello',
    });
    expect(r.status).toBe(201);
    expect(await r.json()).toEqual([
      { sku: 'csv-1', name: 'First', note: null },
      { sku: 'csv-2', name: 'Second, quoted', note: 'hello' },
    ]);
    await service().from('rest_items').delete().like('sku', 'csv-*');
  });

  it('answers 400 PGRST102 for CSV lines of different lengths', async () => {
    const r = await http('/rest/v1/rest_items', { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: 'sku,name\nx,y,z' });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 'PGRST102', message: 'All lines must have same number of fields', details: null, hint: null });
  });
});

describe('rest GeoJSON', () => {
  it('answers as PostgREST does where PostGIS is not installed', async () => {
    const { data, error, status } = await anon().from('rest_users').select('id').geojson();
    expect(data).toBeNull();
    expect(status).toBe(404);
    expect(error).toEqual({
      code: '42883',
      message: 'function st_asgeojson(record) does not exist',
      details: null,
      hint: 'No function matches the given name and argument types. You might need to add explicit type casts.',
    });
  });
});

describe('rest nulls stripped', () => {
  it('drops null fields from an array and from a single object', async () => {
    const { data, error } = await anon().from('rest_messages').select('id, note').order('id').stripNulls();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, note: 'hi' }, { id: 2 }, { id: 3, note: 'later' }, { id: 4 }]);
    const one = await anon().from('rest_messages').select('id, note').eq('id', 2).single().stripNulls();
    expect(one.data).toEqual({ id: 2 });
    const r = await http('/rest/v1/rest_messages?select=id,note&id=eq.2', { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
    expect(r.headers.get('content-type')).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(await r.text()).toBe('[{"id":2}]');
  });
});

describe('rest media types it cannot serve', () => {
  it('answers 406 PGRST107 naming every type the client accepts', async () => {
    const r = await http('/rest/v1/rest_users?select=id', { headers: { Accept: 'application/xml, text/html' } });
    expect(r.status).toBe(406);
    expect(await r.json()).toEqual({
      code: 'PGRST107',
      message: 'None of these media types are available: application/xml, text/html',
      details: null,
      hint: null,
    });
    const rpc = await http('/rest/v1/rpc/rest_add?a=1&b=2', { headers: { Accept: 'text/plain' } });
    expect(rpc.status).toBe(406);
    expect(((await rpc.json()) as { code: string }).code).toBe('PGRST107');
  });

  it('serves the first acceptable type by quality', async () => {
    const r = await http('/rest/v1/rest_users?select=id&id=eq.1', { headers: { Accept: 'text/html, application/json;q=0.5' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await r.json()).toEqual([{ id: 1 }]);
  });
});

describe('rest EXPLAIN plans', () => {
  it('answers 406 while db-plan-enabled is off, as on Supabase', async () => {
    const { data, error, status } = await anon().from('rest_users').select('id').explain();
    expect(status).toBe(406);
    expect(data).toBeNull();
    expect(error).toEqual({
      code: 'PGRST107',
      message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      details: null,
      hint: null,
    });
  });

  it('explains the query once pgrst.db_plan_enabled is on', async () => {
    const set = (value: string | null) => service().rpc('rest_set_pgrst_config', { setting: 'db_plan_enabled', value });
    expect((await set('true')).error).toBeNull();
    try {
      let text: unknown;
      await vi.waitFor(
        async () => {
          const r = await anon().from('rest_users').select('id').explain();
          expect(r.status).toBe(200);
          text = r.data;
        },
        { timeout: 5000, interval: 50 },
      );
      expect(typeof text).toBe('string');
      expect(text).toMatch(/^Aggregate {2}\(cost=/);
      const json = await anon().from('rest_users').select('id').explain({ format: 'json' });
      expect(json.status).toBe(200);
      expect((json.data as unknown as { Plan: { 'Node Type': string } }[])[0].Plan['Node Type']).toBe('Aggregate');
      const r = await http('/rest/v1/rest_users?select=id', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="application/json"' } });
      expect(r.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8');
    } finally {
      expect((await set(null)).error).toBeNull();
      await vi.waitFor(async () => expect((await anon().from('rest_users').select('id').explain()).status).toBe(406), {
        timeout: 5000,
        interval: 50,
      });
    }
  });
});

describe('rest planned counts', () => {
  it("reports the planner's estimate, 206 when it exceeds the rows returned", async () => {
    const estimate = await anon().rpc('rest_planned_rows', { table_name: 'rest_users' });
    expect(estimate.error).toBeNull();
    const planned = estimate.data as number;
    // A table never analysed is estimated at ten pages' worth of rows: more than its 3.
    expect(planned).toBeGreaterThan(3);
    const head = await anon().from('rest_users').select('*', { count: 'planned', head: true });
    expect(head.count).toBe(planned);
    expect(head.status).toBe(206);
    const r = await http('/rest/v1/rest_users?select=id', { method: 'HEAD', headers: { Prefer: 'count=planned' } });
    expect(r.headers.get('content-range')).toBe(`0-2/${planned}`);
    const get = await anon().from('rest_users').select('id', { count: 'planned' });
    expect(get.count).toBe(planned);
    expect(get.data).toHaveLength(3);
  });

  it('counts exactly with count=estimated while the total is within max_rows', async () => {
    const { count, status, data } = await anon().from('rest_users').select('id', { count: 'estimated' }).range(0, 1);
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data).toHaveLength(2);
  });
});
