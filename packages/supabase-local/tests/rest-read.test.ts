// Reads through /rest/v1 as supabase-js makes them: the select grammar,
// embedding in every cardinality, filters, ordering, ranges and counts.
import { describe, expect, it } from 'vitest';
import { anon, asUser, http, service } from 'supabase-local/testing/vitest';

describe('rest: select grammar', () => {
  it('selects columns, aliases, casts and json paths', async () => {
    const { data, error } = await anon()
      .from('rest_posts')
      .select('id, heading:title, score::text, lang:meta->>lang, pages:meta->pages, meta->>lang')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, heading: 'Hello', score: '10', lang: 'en', pages: 3 });
  });

  it('returns every column for *', async () => {
    const { data } = await anon().from('rest_authors').select('*').eq('id', 3);
    expect(data).toEqual([{ id: 3, name: 'Linus', bio: null, created_at: expect.any(String) }]);
  });

  it('answers 400 with 42703 for an unknown column', async () => {
    const { error, status } = await anon().from('rest_posts').select('id, nope');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column rest_posts.nope does not exist' });
  });

  it('answers 404 PGRST205 for an unknown table', async () => {
    const { error, status } = await anon().from('rest_missing').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.rest_missing' in the schema cache" });
  });

  it('answers 406 PGRST106 for a schema that is not exposed', async () => {
    const { error, status } = await anon().schema('auth').from('users').select();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST106');
  });
});

describe('rest: embedding', () => {
  it('embeds many-to-one as an object and one-to-many as an array', async () => {
    const { data, error } = await anon()
      .from('rest_posts')
      .select('id, author:rest_authors!author_id(name), rest_comments(body)')
      .in('id', [1, 4])
      .order('id')
      .order('id', { referencedTable: 'rest_comments' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, author: { name: 'Ada' }, rest_comments: [{ body: 'First!' }, { body: 'Nice post' }] },
      { id: 4, author: { name: 'Grace' }, rest_comments: [] },
    ]);
  });

  it('gives null for a many-to-one without a match', async () => {
    const { data } = await anon().from('rest_posts').select('id, editor:rest_authors!rest_posts_editor_fkey(name)').in('id', [1, 2]).order('id');
    expect(data).toEqual([
      { id: 1, editor: { name: 'Grace' } },
      { id: 2, editor: null },
    ]);
  });

  it('embeds one-to-one as an object, and names an embed by its FK column', async () => {
    const { data } = await anon().from('rest_authors').select('name, rest_author_details(website)').order('id').limit(2);
    expect(data).toEqual([
      { name: 'Ada', rest_author_details: { website: 'https://ada.example' } },
      { name: 'Grace', rest_author_details: null },
    ]);
    const byColumn = await anon().from('rest_posts').select('id, author_id(name)').eq('id', 4).single();
    expect(byColumn.data).toEqual({ id: 4, author_id: { name: 'Grace' } });
  });

  it('nests embeds and filters, orders and limits embedded rows', async () => {
    const { data, error } = await anon()
      .from('rest_authors')
      .select('name, posts:rest_posts!author_id(title, rest_comments(body))')
      .eq('id', 1)
      .eq('posts.title', 'Hello')
      .limit(1, { referencedTable: 'posts.rest_comments' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Ada', posts: [{ title: 'Hello', rest_comments: [{ body: 'First!' }] }] });

    const ordered = await anon()
      .from('rest_authors')
      .select('name, rest_posts!author_id(id)')
      .eq('id', 1)
      .order('id', { referencedTable: 'rest_posts', ascending: false })
      .single();
    expect(ordered.data).toEqual({ name: 'Ada', rest_posts: [{ id: 2 }, { id: 1 }] });
  });

  it('drops parents without matches with !inner', async () => {
    const { data } = await anon()
      .from('rest_authors')
      .select('name, rest_posts!author_id!inner(id)')
      .eq('rest_posts.title', 'Second');
    expect(data).toEqual([{ name: 'Ada', rest_posts: [{ id: 2 }] }]);
    const left = await anon().from('rest_authors').select('name, rest_posts!author_id!left(id)').eq('rest_posts.title', 'Second').order('id');
    expect(left.data).toHaveLength(3);
  });

  it('filters parents on an embed being null or not', async () => {
    const { data } = await anon()
      .from('rest_authors')
      .select('name, rest_author_details(website)')
      .not('rest_author_details', 'is', null);
    expect(data).toEqual([{ name: 'Ada', rest_author_details: { website: 'https://ada.example' } }]);
  });

  it('applies RLS inside embeds', async () => {
    const asAnon = await anon().from('rest_authors').select('name, rest_posts!author_id(title)').eq('id', 2).single();
    expect(asAnon.data).toEqual({ name: 'Grace', rest_posts: [{ title: 'Notes, on (things)' }] });
    const signedIn = await (await asUser('0a0a0a0a-0000-4000-8000-000000000001'))
      .from('rest_authors')
      .select('name, rest_posts!author_id(title)')
      .eq('id', 2)
      .order('id', { referencedTable: 'rest_posts' })
      .single();
    expect(signedIn.data).toEqual({ name: 'Grace', rest_posts: [{ title: 'Draft' }, { title: 'Notes, on (things)' }] });
  });

  it('embeds many-to-many through a junction table', async () => {
    const { data, error } = await anon()
      .from('rest_posts')
      .select('id, rest_labels(name)')
      .in('id', [1, 2, 4])
      .order('id')
      .order('id', { referencedTable: 'rest_labels' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, rest_labels: [{ name: 'red' }, { name: 'blue' }] },
      { id: 2, rest_labels: [{ name: 'blue' }] },
      { id: 4, rest_labels: [] },
    ]);
    const back = await anon().from('rest_labels').select('name, rest_posts!rest_post_labels(id)').eq('id', 3).single();
    expect(back.data).toEqual({ name: 'blue', rest_posts: [{ id: 1 }, { id: 2 }] });
  });

  it('answers 300 PGRST201 for an ambiguous embed', async () => {
    const { error, status } = await anon().from('rest_posts').select('id, rest_authors(name)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.hint).toContain('rest_authors!rest_posts_editor_fkey');
  });

  it('answers 400 PGRST200 when no relationship exists', async () => {
    const { error, status } = await anon().from('rest_comments').select('id, rest_items(sku)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'rest_comments' and 'rest_items' in the schema cache",
    });
  });
});

describe('rest: filters', () => {
  const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id);

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    const db = anon().from('rest_posts');
    expect(ids((await db.select('id').gt('score', 5).order('id')).data)).toEqual([1, 4]);
    expect(ids((await anon().from('rest_posts').select('id').gte('score', 7).lte('score', 10).order('id')).data)).toEqual([1, 4]);
    expect(ids((await anon().from('rest_posts').select('id').lt('score', 7)).data)).toEqual([2]);
    expect(ids((await anon().from('rest_posts').select('id').neq('title', 'Hello').order('id')).data)).toEqual([2, 4]);
  });

  it('matches patterns with like and ilike, * standing for %', async () => {
    expect(ids((await anon().from('rest_posts').select('id').like('title', '*ell*')).data)).toEqual([1]);
    expect(ids((await anon().from('rest_posts').select('id').ilike('title', 'SECOND')).data)).toEqual([2]);
  });

  it('tests is null / true / false and in with quoted values', async () => {
    expect(ids((await anon().from('rest_posts').select('id').is('editor_id', null).order('id')).data)).toEqual([2]);
    expect(ids((await anon().from('rest_posts').select('id').is('published', true).order('id')).data)).toEqual([1, 2, 4]);
    expect(ids((await anon().from('rest_posts').select('id').in('title', ['Hello', 'Notes, on (things)']).order('id')).data)).toEqual([1, 4]);
    expect((await anon().from('rest_posts').select('id').in('id', [])).data).toEqual([]);
  });

  it('negates with not, combines with or and nested and', async () => {
    expect(ids((await anon().from('rest_posts').select('id').not('editor_id', 'is', null).order('id')).data)).toEqual([1, 4]);
    const { data, error } = await anon().from('rest_posts').select('id').or('score.lt.6,and(title.like.N*,score.gt.6)').order('id');
    expect(error).toBeNull();
    expect(ids(data)).toEqual([2, 4]);
    const tagged = await anon().from('rest_posts').select('id').or('title.in.("Notes, on (things)",Hello)').order('id');
    expect(ids(tagged.data)).toEqual([1, 4]);
  });

  it('negates a whole tree with not.or and not.and', async () => {
    const notOr = await http('/rest/v1/rest_posts?select=id&order=id&not.or=(score.lt.6,and(title.like.N*,score.gt.6))');
    expect(notOr.status).toBe(200);
    expect(ids((await notOr.json()) as { id: number }[])).toEqual([1]);
    const notAnd = await http('/rest/v1/rest_posts?select=id&order=id&id=in.(1,2,4)&not.and=(published.is.true,score.gt.6)');
    expect(ids((await notAnd.json()) as { id: number }[])).toEqual([2]);
  });

  it('filters arrays and jsonb with contains, containedBy and overlaps', async () => {
    expect(ids((await anon().from('rest_posts').select('id').contains('tags', ['news']).order('id')).data)).toEqual([1, 2]);
    expect(ids((await anon().from('rest_posts').select('id').containedBy('tags', ['news', 'misc']).order('id')).data)).toEqual([2, 4]);
    expect(ids((await anon().from('rest_posts').select('id').overlaps('tags', ['intro', 'misc']).order('id')).data)).toEqual([1, 4]);
    expect(ids((await anon().from('rest_posts').select('id').contains('meta', { lang: 'fr' })).data)).toEqual([4]);
    expect(ids((await anon().from('rest_posts').select('id').eq('meta->>lang', 'fr')).data)).toEqual([4]);
  });

  it('matches full-text search', async () => {
    const { data } = await anon().from('rest_posts').select('id').textSearch('title', 'second', { config: 'english' });
    expect(ids(data)).toEqual([2]);
  });

  it('answers 400 PGRST100 for a malformed filter', async () => {
    const { error, status } = await anon().from('rest_posts').select('id').filter('id', 'eqq', 1);
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
    const badOr = await anon().from('rest_posts').select('id').or('id.eq.1,(');
    expect(badOr.error?.code).toBe('PGRST100');
  });

  it('answers 400 22P02 for a value of the wrong type', async () => {
    const { error, status } = await anon().from('rest_posts').select('id').eq('id', 'abc');
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});

describe('rest: order, ranges and counts', () => {
  it('orders by several columns with nulls first or last', async () => {
    const { data } = await (await asUser('0a0a0a0a-0000-4000-8000-000000000001'))
      .from('rest_posts')
      .select('id')
      .order('score', { ascending: false, nullsFirst: true })
      .order('id');
    expect(data).toEqual([{ id: 3 }, { id: 1 }, { id: 4 }, { id: 2 }]);
    const last = await (await asUser('0a0a0a0a-0000-4000-8000-000000000001')).from('rest_posts').select('id').order('score', { nullsFirst: false });
    expect(last.data?.at(-1)).toEqual({ id: 3 });
  });

  it('pages with range and counts with 206 and Content-Range', async () => {
    const { data, count, status } = await anon().from('rest_posts').select('id', { count: 'exact' }).order('id').range(1, 1);
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data).toEqual([{ id: 2 }]);
    const r = await http('/rest/v1/rest_posts?select=id&order=id&offset=1&limit=1', { headers: { Prefer: 'count=exact' } });
    expect(r.headers.get('content-range')).toBe('1-1/3');
  });

  it('answers 416 PGRST103 for an offset past the end', async () => {
    const { error, status } = await anon().from('rest_posts').select('id', { count: 'exact' }).range(10, 12);
    expect(status).toBe(416);
    expect(error?.code).toBe('PGRST103');
  });

  it('counts without rows with head: true', async () => {
    const { data, count, status } = await anon().from('rest_comments').select('*', { count: 'exact', head: true });
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);
  });

  it('sends Content-Range without a count', async () => {
    const r = await http('/rest/v1/rest_authors?select=id&order=id');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('0-2/*');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('rest: single objects', () => {
  it('returns one object with .single()', async () => {
    const { data, error } = await anon().from('rest_authors').select('name').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Grace' });
  });

  it('answers 406 PGRST116 for zero or several rows', async () => {
    const none = await anon().from('rest_authors').select('name').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });
    const two = await anon().from('rest_authors').select('name').in('id', [1, 2]).single();
    expect(two.status).toBe(406);
    expect(two.error?.details).toBe('The result contains 2 rows');
  });

  it('gives null for .maybeSingle() without rows', async () => {
    const { data, error } = await anon().from('rest_authors').select('name').eq('id', 99).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('lets the service role read through RLS', async () => {
    const { count } = await service().from('rest_posts').select('*', { count: 'exact', head: true });
    expect(count).toBe(4);
  });
});
