// Writes through /rest/v1: insert, upsert, update and delete with their
// return preferences, statuses and the errors Postgres and PostgREST give.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anon, asUser, http, service } from 'supabase-local/testing/vitest';

const sku = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

describe('rest: insert', () => {
  it('inserts without returning a body by default (201)', async () => {
    const s = sku('plain');
    const { data, error, status } = await anon().from('rest_items').insert({ sku: s, name: 'Plain' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const { data: row } = await anon().from('rest_items').select('sku, name, qty, note').eq('sku', s).single();
    expect(row).toEqual({ sku: s, name: 'Plain', qty: 0, note: 'none' });
  });

  it('returns the inserted rows, defaults included, with .select()', async () => {
    const a = sku('many');
    const b = sku('many');
    const { data, error, status } = await anon()
      .from('rest_items')
      .insert([{ sku: a, name: 'A' }, { sku: b, name: 'B' }])
      .select('sku, qty, note');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { sku: a, qty: 0, note: 'none' },
      { sku: b, qty: 0, note: 'none' },
    ]);
  });

  it('fills missing columns with defaults with Prefer: missing=default', async () => {
    const a = sku('def');
    const b = sku('def');
    const { data, error } = await anon()
      .from('rest_items')
      .insert([{ sku: a, name: 'A', qty: 5, note: 'given' }, { sku: b, name: 'B' }], { defaultToNull: false })
      .select('sku, qty, note');
    expect(error).toBeNull();
    expect(data).toEqual([
      { sku: a, qty: 5, note: 'given' },
      { sku: b, qty: 0, note: 'none' },
    ]);
  });

  it('puts null in missing columns of an array insert by default', async () => {
    const a = sku('nul');
    const b = sku('nul');
    const { data, error } = await anon()
      .from('rest_items')
      .insert([{ sku: a, name: 'A', note: 'given' }, { sku: b, name: 'B' }])
      .select('sku, note');
    expect(error).toBeNull();
    expect(data).toEqual([
      { sku: a, note: 'given' },
      { sku: b, note: null },
    ]);
  });

  it('returns an embed after insert', async () => {
    const { data, error } = await service()
      .from('rest_comments')
      .insert({ post_id: 2, body: 'embedded after insert' })
      .select('body, post:rest_posts(title)')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ body: 'embedded after insert', post: { title: 'Second' } });
    await service().from('rest_comments').delete().eq('body', 'embedded after insert');
  });

  it('answers 409 23505 for a duplicate key', async () => {
    const s = sku('dup');
    await anon().from('rest_items').insert({ sku: s, name: 'First' });
    const { error, status } = await anon().from('rest_items').insert({ sku: s, name: 'Second' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23505');
    expect(error?.message).toContain('duplicate key value violates unique constraint');
  });

  it('answers 409 23503 for a missing foreign row', async () => {
    const { error, status } = await service().from('rest_comments').insert({ post_id: 999, body: 'orphan' });
    expect(status).toBe(409);
    expect(error?.code).toBe('23503');
  });

  it('answers 400 PGRST204 for an unknown column', async () => {
    const { error, status } = await anon().from('rest_items').insert({ sku: sku('x'), name: 'X', colour: 'red' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'colour' column of 'rest_items' in the schema cache" });
  });

  it('answers 400 PGRST102 for a body that is not JSON', async () => {
    const r = await http('/rest/v1/rest_items', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"sku": ' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'PGRST102' });
  });

  it('answers 400 23502 for a missing required value', async () => {
    const { error, status } = await anon().from('rest_items').insert({ sku: sku('nn') });
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
  });
});

describe('rest: RLS refusals', () => {
  it('answers 401 42501 to anon when a policy refuses', async () => {
    const { error, status } = await anon().from('rest_notes').insert({ body: 'anon note', owner: randomUUID() });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('new row violates row-level security policy for table "rest_notes"');
  });

  it('answers 403 42501 to a signed-in user when a policy refuses', async () => {
    const user = await asUser(randomUUID());
    const { error, status } = await user.from('rest_notes').insert({ body: 'not mine', owner: randomUUID() });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });

  it('lets the owner write and read their own rows only', async () => {
    const me = randomUUID();
    const user = await asUser(me);
    const { data, error } = await user.from('rest_notes').insert({ body: 'mine' }).select('owner, body').single();
    expect(error).toBeNull();
    expect(data).toEqual({ owner: me, body: 'mine' });
    const other = await (await asUser(randomUUID())).from('rest_notes').select('body').eq('owner', me);
    expect(other.data).toEqual([]);
  });
});

describe('rest: upsert', () => {
  it('merges duplicates on the primary key', async () => {
    const s = sku('up');
    await anon().from('rest_items').insert({ sku: s, name: 'Old', qty: 1 });
    const { data, error, status } = await anon().from('rest_items').upsert({ sku: s, name: 'New', qty: 2 }).select('sku, name, qty');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ sku: s, name: 'New', qty: 2 }]);
    const fresh = sku('up');
    const created = await anon().from('rest_items').upsert([{ sku: s, name: 'Newer', qty: 3 }, { sku: fresh, name: 'Fresh', qty: 1 }]).select('sku, name');
    expect(created.status).toBe(201);
    expect(created.data).toEqual([
      { sku: s, name: 'Newer' },
      { sku: fresh, name: 'Fresh' },
    ]);
  });

  it('ignores duplicates with ignoreDuplicates', async () => {
    const s = sku('ign');
    await anon().from('rest_items').insert({ sku: s, name: 'Kept' });
    const { data, error } = await anon()
      .from('rest_items')
      .upsert({ sku: s, name: 'Ignored' }, { ignoreDuplicates: true })
      .select('sku');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { data: row } = await anon().from('rest_items').select('name').eq('sku', s).single();
    expect(row).toEqual({ name: 'Kept' });
  });

  it('upserts on the columns given by onConflict', async () => {
    const { data, error } = await service()
      .from('rest_authors')
      .upsert({ name: 'Linus', bio: { field: 'kernels' } }, { onConflict: 'name' })
      .select('id, name, bio')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 3, name: 'Linus', bio: { field: 'kernels' } });
    await service().from('rest_authors').update({ bio: null }).eq('id', 3);
  });
});

describe('rest: update and delete', () => {
  it('updates matching rows and answers 204 without a body', async () => {
    const s = sku('upd');
    await anon().from('rest_items').insert({ sku: s, name: 'Before' });
    const { error, status, data } = await anon().from('rest_items').update({ name: 'After' }).eq('sku', s);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    const { data: row } = await anon().from('rest_items').select('name').eq('sku', s).single();
    expect(row).toEqual({ name: 'After' });
  });

  it('returns updated rows with .select() and Content-Range', async () => {
    const a = sku('rng');
    const b = sku('rng');
    await anon().from('rest_items').insert([{ sku: a, name: 'x' }, { sku: b, name: 'x' }]);
    const { data, status, count } = await anon()
      .from('rest_items')
      .update({ qty: 9 }, { count: 'exact' })
      .in('sku', [a, b])
      .select('qty');
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect(data).toEqual([{ qty: 9 }, { qty: 9 }]);
  });

  it('deletes and returns the deleted row as an object with .single()', async () => {
    const s = sku('del');
    await anon().from('rest_items').insert({ sku: s, name: 'Gone' });
    const { data, error } = await anon().from('rest_items').delete().eq('sku', s).select('sku, name').single();
    expect(error).toBeNull();
    expect(data).toEqual({ sku: s, name: 'Gone' });
    const { count } = await anon().from('rest_items').select('*', { count: 'exact', head: true }).eq('sku', s);
    expect(count).toBe(0);
  });

  it('rolls back a mutation when .single() sees several rows', async () => {
    const a = sku('roll');
    const b = sku('roll');
    await anon().from('rest_items').insert([{ sku: a, name: 'keep' }, { sku: b, name: 'keep' }]);
    const { error, status } = await anon().from('rest_items').update({ name: 'changed' }).in('sku', [a, b]).select().single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const { data } = await anon().from('rest_items').select('name').in('sku', [a, b]);
    expect(data).toEqual([{ name: 'keep' }, { name: 'keep' }]);
  });

  it('refuses update and delete without a filter (400 21000)', async () => {
    const upd = await anon().from('rest_items').update({ name: 'everything' });
    expect(upd.status).toBe(400);
    expect(upd.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    const del = await anon().from('rest_items').delete();
    expect(del.status).toBe(400);
    expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
  });

  it('leaves nothing behind with Prefer: tx=rollback', async () => {
    const s = sku('tx');
    const { data, error } = await anon().from('rest_items').insert({ sku: s, name: 'Ghost' }).select('sku').rollback();
    expect(error).toBeNull();
    expect(data).toEqual([{ sku: s }]);
    const { data: after } = await anon().from('rest_items').select('sku').eq('sku', s);
    expect(after).toEqual([]);
  });

  it('sends Content-Range */n for a counted delete', async () => {
    const a = sku('cr');
    await anon().from('rest_items').insert({ sku: a, name: 'c' });
    const r = await http(`/rest/v1/rest_items?sku=eq.${a}`, { method: 'DELETE', headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(204);
    expect(r.headers.get('content-range')).toBe('*/1');
  });

  it('refuses to affect more rows than max-affected', async () => {
    const a = sku('max');
    const b = sku('max');
    await anon().from('rest_items').insert([{ sku: a, name: 'm' }, { sku: b, name: 'm' }]);
    const r = await http(`/rest/v1/rest_items?sku=in.(${a},${b})`, {
      method: 'DELETE',
      headers: { Prefer: 'handling=strict, max-affected=1' },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'PGRST124' });
    const { count } = await anon().from('rest_items').select('*', { count: 'exact', head: true }).in('sku', [a, b]);
    expect(count).toBe(2);
  });
});

describe('rest: schema changes', () => {
  it('finds tables, columns and functions created after start', async () => {
    const name = `rest_late_${randomUUID().slice(0, 8)}`;
    expect((await service().rpc('rest_make_table', { table_name: name })).error).toBeNull();
    const inserted = await anon().from(name).insert({ id: 1, label: 'late' }).select();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([{ id: 1, label: 'late' }]);
    expect((await service().rpc('rest_add_column', { table_name: name, column_name: 'extra' })).error).toBeNull();
    const updated = await anon().from(name).update({ extra: 'x' }).eq('id', 1).select('id, extra');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ id: 1, extra: 'x' }]);
  });
});

describe('rest: PUT upserts the row its primary key names', () => {
  const put = (query: string, body: unknown, prefer?: string) =>
    http(`/rest/v1/rest_items?${query}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...(prefer ? { Prefer: prefer } : {}) },
      body: JSON.stringify(body),
    });
  const key = sku('put');
  afterAll(async () => {
    await service().from('rest_items').delete().eq('sku', key);
  });

  it('creates the row (201), then replaces it (200), or answers 204 without a representation', async () => {
    const created = await put(`sku=eq.${key}&select=sku,name,qty`, { sku: key, name: 'Put', qty: 2 }, 'return=representation');
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual([{ sku: key, name: 'Put', qty: 2 }]);
    const replaced = await put(`sku=eq.${key}&select=sku,name,qty`, { sku: key, name: 'Put again', qty: 3 }, 'return=representation');
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual([{ sku: key, name: 'Put again', qty: 3 }]);
    const minimal = await put(`sku=eq.${key}`, { sku: key, name: 'Quiet', qty: 4 });
    expect(minimal.status).toBe(204);
    expect((await anon().from('rest_items').select('name').eq('sku', key).single()).data).toEqual({ name: 'Quiet' });
  });

  it('answers 400 PGRST115 when the body names another key, and writes nothing', async () => {
    const r = await put(`sku=eq.${key}-x`, { sku: `${key}-y`, name: 'Wrong' });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 'PGRST115', message: 'Payload values do not match URL in primary key column(s)', details: null, hint: null });
    expect((await anon().from('rest_items').select('sku').in('sku', [`${key}-x`, `${key}-y`])).data).toEqual([]);
  });

  it('answers 405 PGRST105 for filters other than eq on the whole primary key, 400 PGRST114 for limit', async () => {
    const r = await put('name=eq.x', { sku: key, name: 'x' });
    expect(r.status).toBe(405);
    expect(await r.json()).toEqual({
      code: 'PGRST105',
      message: "Filters must include all and only primary key columns with 'eq' operators",
      details: null,
      hint: null,
    });
    expect((await put(`sku=gt.${key}`, { sku: key, name: 'x' })).status).toBe(405);
    const limited = await put(`sku=eq.${key}&limit=1`, { sku: key, name: 'x' });
    expect(limited.status).toBe(400);
    expect(((await limited.json()) as { code: string }).code).toBe('PGRST114');
  });
});
