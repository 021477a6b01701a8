// PostgREST's select language beyond plain embeds, as supabase-js users write it:
// spreads, computed fields and relationships, embedding through views,
// self-references, empty embeds, any/all filters, and PGRST201's candidates.
import { describe, expect, it } from 'vitest';
import { anon } from 'supabase-local/testing/vitest';

describe('rest spreads', () => {
  it('spreads a to-one embed into its parent', async () => {
    const { data, error } = await anon().from('rest_messages').select('id, ...rest_users(username)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, username: 'ada' },
      { id: 2, username: 'ada' },
      { id: 3, username: 'ada' },
      { id: 4, username: 'grace' },
    ]);
    const aliased = await anon().from('rest_messages').select('id, ...rest_users!user_id(name:username)').eq('id', 4);
    expect(aliased.data).toEqual([{ id: 4, name: 'grace' }]);
  });

  it('spreads a to-many embed into arrays, ordered as its embed asks', async () => {
    const { data, error } = await anon()
      .from('rest_users')
      .select('username, ...rest_messages(channel, amount)')
      .order('id')
      .order('id', { referencedTable: 'rest_messages', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ada', channel: ['random', 'general', 'general'], amount: [2.5, 5, 10] },
      { username: 'grace', channel: ['general'], amount: [7] },
      { username: 'linus', channel: [], amount: [] },
    ]);
  });

  it('refuses an alias on a spread', async () => {
    const { error, status } = await anon().from('rest_messages').select('id, u:...rest_users(username)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
  });
});

describe('rest computed fields and relationships', () => {
  it('selects, filters and orders by a function of the row', async () => {
    const { data, error } = await anon().from('rest_users').select('username, rest_shout').order('rest_shout', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'linus', rest_shout: 'LINUS' },
      { username: 'grace', rest_shout: 'GRACE' },
      { username: 'ada', rest_shout: 'ADA' },
    ]);
    const filtered = await anon().from('rest_users').select('id, shout:rest_shout').eq('rest_shout', 'GRACE');
    expect(filtered.data).toEqual([{ id: 2, shout: 'GRACE' }]);
  });

  it('embeds a function returning one row as an object and one returning rows as an array', async () => {
    const one = await anon().from('rest_messages').select('id, sender:rest_sender(username)').in('id', [1, 4]).order('id');
    expect(one.error).toBeNull();
    expect(one.data).toEqual([
      { id: 1, sender: { username: 'ada' } },
      { id: 4, sender: { username: 'grace' } },
    ]);
    const many = await anon().from('rest_users').select('username, rest_sent(id)').order('id');
    expect(many.data).toEqual([
      { username: 'ada', rest_sent: [{ id: 1 }, { id: 2 }, { id: 3 }] },
      { username: 'grace', rest_sent: [{ id: 4 }] },
      { username: 'linus', rest_sent: [] },
    ]);
  });

  it('filters on a computed relationship with !inner', async () => {
    const { data } = await anon().from('rest_messages').select('id, rest_sender!inner(username)').eq('rest_sender.username', 'grace');
    expect(data).toEqual([{ id: 4, rest_sender: { username: 'grace' } }]);
  });
});

describe('rest embedding through views', () => {
  it('follows a foreign key through the view column that shows it', async () => {
    const { data, error } = await anon().from('rest_messages_view').select('id, rest_users(username)').in('id', [3, 4]).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 3, rest_users: { username: 'ada' } },
      { id: 4, rest_users: { username: 'grace' } },
    ]);
    const byColumn = await anon().from('rest_messages_view').select('id, sender:sender_id(username)').eq('id', 4);
    expect(byColumn.data).toEqual([{ id: 4, sender: { username: 'grace' } }]);
  });

  it('embeds the view from the table it points to', async () => {
    const { data, error } = await anon().from('rest_users').select('username, rest_messages_view(channel)').eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'grace', rest_messages_view: [{ channel: 'general' }] }]);
  });
});

describe('rest self-referencing tables', () => {
  it('embeds the children under the table name', async () => {
    const { data, error } = await anon()
      .from('rest_collections')
      .select('id, rest_collections(id, name)')
      .order('id')
      .order('id', { referencedTable: 'rest_collections' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, rest_collections: [{ id: 2, name: 'child a' }, { id: 3, name: 'child b' }] },
      { id: 2, rest_collections: [{ id: 4, name: 'grandchild' }] },
      { id: 3, rest_collections: [] },
      { id: 4, rest_collections: [] },
    ]);
  });

  it('embeds the parent under the foreign key column, and the children with it as hint', async () => {
    const { data, error } = await anon().from('rest_collections').select('id, parent:parent_id(name), children:rest_collections!parent_id(id)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, parent: null, children: [{ id: 2 }, { id: 3 }] },
      { id: 2, parent: { name: 'root' }, children: [{ id: 4 }] },
      { id: 3, parent: { name: 'root' }, children: [] },
      { id: 4, parent: { name: 'child a' }, children: [] },
    ]);
  });
});

describe('rest empty embeds', () => {
  it('filters by an embed without returning it', async () => {
    const { data, error } = await anon().from('rest_messages').select('id, rest_users!inner()').eq('rest_users.username', 'ada').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const withMessages = await anon().from('rest_users').select('username, rest_messages()').not('rest_messages', 'is', null).order('id');
    expect(withMessages.data).toEqual([{ username: 'ada' }, { username: 'grace' }]);
  });
});

describe('rest any/all filters', () => {
  const names = async (q: PromiseLike<{ data: { username: string }[] | null; error: unknown }>) => {
    const { data, error } = await q;
    expect(error).toBeNull();
    return data?.map((r) => r.username);
  };
  const users = () => anon().from('rest_users').select('username').order('id');

  it('matches like and ilike against any or all patterns', async () => {
    expect(await names(users().likeAnyOf('username', ['a*', 'g*']))).toEqual(['ada', 'grace']);
    expect(await names(users().likeAllOf('username', ['*a*', '*e*']))).toEqual(['grace']);
    expect(await names(users().ilikeAnyOf('username', ['A*', 'L*']))).toEqual(['ada', 'linus']);
    expect(await names(users().ilikeAllOf('username', ['%A%', '%C%']))).toEqual(['grace']);
    expect(await names(users().not('username', 'like(any)', '{a*,g*}'))).toEqual(['linus']);
  });

  it('compares with eq, gt, gte, lt, lte, match and imatch against any or all values', async () => {
    expect(await names(users().filter('id', 'eq(any)', '{1,3}'))).toEqual(['ada', 'linus']);
    expect(await names(users().filter('id', 'gt(any)', '{2,5}'))).toEqual(['linus']);
    expect(await names(users().filter('id', 'lt(all)', '{3,5}'))).toEqual(['ada', 'grace']);
    expect(await names(users().filter('id', 'lte(any)', '{1}'))).toEqual(['ada']);
    expect(await names(users().filter('id', 'gte(all)', '{2,3}'))).toEqual(['linus']);
    expect(await names(users().filter('username', 'match(any)', '{^a,s$}'))).toEqual(['ada', 'linus']);
    expect(await names(users().filter('username', 'imatch(all)', '{^G,E$}'))).toEqual(['grace']);
  });

  it('takes quantified filters inside or()', async () => {
    expect(await names(users().or('username.like(any).{a*,l*},id.eq.2'))).toEqual(['ada', 'grace', 'linus']);
  });
});

describe('rest ambiguous embeds', () => {
  it('lists the candidates in PostgREST order: one-to-many before one-to-one', async () => {
    const { data, error, status } = await anon().from('rest_people').select('name, rest_tasks(id)');
    expect(status).toBe(300);
    expect(data).toBeNull();
    expect(error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'rest_people' and 'rest_tasks'",
      details: [
        {
          cardinality: 'one-to-many',
          embedding: 'rest_people with rest_tasks',
          relationship: 'z_rest_tasks_owner using rest_people(id) and rest_tasks(owner_id)',
        },
        {
          cardinality: 'one-to-one',
          embedding: 'rest_people with rest_tasks',
          relationship: 'a_rest_tasks_reviewer using rest_people(id) and rest_tasks(reviewer_id)',
        },
      ],
      hint: "Try changing 'rest_tasks' to one of the following: 'rest_tasks!z_rest_tasks_owner', 'rest_tasks!a_rest_tasks_reviewer'. Find the desired relationship in the 'details' key.",
    });
    const chosen = await anon().from('rest_people').select('name, reviewed:rest_tasks!a_rest_tasks_reviewer(id)').order('id');
    expect(chosen.data).toEqual([
      { name: 'Pat', reviewed: null },
      { name: 'Sam', reviewed: { id: 1 } },
    ]);
  });
});

describe('rest name suggestions', () => {
  it('suggests a close table, embed or function name as PostgREST does', async () => {
    const table = await anon().from('rest_user').select('id');
    expect(table.status).toBe(404);
    expect(table.error?.hint).toBe("Perhaps you meant the table 'public.rest_users'");
    const embed = await anon().from('rest_users').select('id, rest_message(id)');
    expect(embed.status).toBe(400);
    expect(embed.error?.hint).toBe("Perhaps you meant 'rest_messages' instead of 'rest_message'.");
    const fn = await anon().rpc('rest_overr', { a: 1 });
    expect(fn.status).toBe(404);
    expect(fn.error?.hint).toBe('Perhaps you meant to call the function public.rest_over');
    const params = await anon().rpc('rest_over', { a: 1, bee: 2 });
    expect(params.error?.hint).toBe('Perhaps you meant to call the function public.rest_over(a, b)');
  });
});
