// listV2 through supabase-js (POST /object/list-v2/<bucket>): every key under a
// prefix, flat or folded into folders at "/", sorted by name or a date, paged
// with Storage's cursors, and only what the caller's policies let them read.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStorageError, newUser, PRIVATE, type TestUser, textBlob } from './support/storage-support.ts';

interface Page {
  hasNext: boolean;
  nextCursor?: string;
  nextCursorKey?: string;
  folders: { name: string; key?: string; id?: null; created_at?: string | null }[];
  objects: { name: string; key?: string; id: string; created_at: string; metadata: unknown }[];
}

/** In the order they are uploaded (so by creation). */
const UPLOADS = ['c/y.txt', 'b.txt', 'aal/2.txt', 'aal.txt', 'aal/sub/x.txt', 'aal/1.txt'];

let u: TestUser;
let root: string;

beforeAll(async () => {
  u = await newUser();
  root = `${u.id}/`;
  for (const name of UPLOADS) {
    expect((await u.client.storage.from(PRIVATE).upload(u.path(name), textBlob(name))).error).toBeNull();
  }
});

async function listV2(options: Parameters<ReturnType<TestUser['client']['storage']['from']>['listV2']>[0]) {
  const { data, error } = await u.client.storage.from(PRIVATE).listV2(options);
  expect(error).toBeNull();
  return data as unknown as Page;
}

/** Every page, following nextCursor, with `limit` per page. */
async function allPages(options: Record<string, unknown>, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const page = await listV2({ ...options, limit, cursor });
    pages.push(page);
    cursor = page.nextCursor;
    if (page.hasNext) expect(cursor).toEqual(expect.any(String));
    else expect(page).not.toHaveProperty('nextCursor');
  } while (cursor);
  return pages;
}

const names = (list: { name: string }[]) => list.map((o) => o.name.slice(root.length));

describe('listV2', () => {
  it('lists every key under a prefix, bytewise, with each object’s details', async () => {
    const page = await listV2({ prefix: root });
    expect(page.hasNext).toBe(false);
    expect(page.folders).toEqual([]);
    expect(names(page.objects)).toEqual(['aal.txt', 'aal/1.txt', 'aal/2.txt', 'aal/sub/x.txt', 'b.txt', 'c/y.txt']);
    const first = page.objects[0]!;
    expect(Object.keys(first)).toEqual(['id', 'name', 'metadata', 'updated_at', 'created_at', 'last_accessed_at']);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.metadata).toMatchObject({ size: 'aal.txt'.length, mimetype: 'text/plain' });
    expect(Date.parse(first.created_at)).not.toBeNaN();

    const desc = await listV2({ prefix: root, sortBy: { column: 'name', order: 'desc' } });
    expect(names(desc.objects)).toEqual(names(page.objects).reverse());
  });

  it('folds keys into folders at "/" with with_delimiter', async () => {
    const page = await listV2({ prefix: root, with_delimiter: true });
    expect(names(page.folders)).toEqual(['aal/', 'c/']);
    expect(names(page.objects)).toEqual(['aal.txt', 'b.txt']);
    expect(page.folders[0]).toEqual({
      key: 'aal',
      name: `${root}aal/`,
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
    expect(page.objects[0]).toMatchObject({ key: 'aal.txt', name: `${root}aal.txt` });

    // A prefix that ends inside a name matches as text: the object and the folder both start with it.
    const partial = await listV2({ prefix: `${root}aal`, with_delimiter: true });
    expect(names(partial.folders)).toEqual(['aal/']);
    expect(names(partial.objects)).toEqual(['aal.txt']);

    const inner = await listV2({ prefix: `${root}aal/`, with_delimiter: true });
    expect(names(inner.folders)).toEqual(['aal/sub/']);
    expect(names(inner.objects)).toEqual(['aal/1.txt', 'aal/2.txt']);
  });

  it('pages with cursors, folders counting as entries', async () => {
    const pages = await allPages({ prefix: root, with_delimiter: true }, 2);
    expect(pages.map((p) => [...names(p.objects), ...names(p.folders)])).toEqual([
      ['aal.txt', 'aal/'],
      ['b.txt', 'c/'],
    ]);
    expect(pages[0]!.nextCursorKey).toBe(`${root}aal`);

    const flat = await allPages({ prefix: root }, 4);
    expect(flat.map((p) => names(p.objects))).toEqual([
      ['aal.txt', 'aal/1.txt', 'aal/2.txt', 'aal/sub/x.txt'],
      ['b.txt', 'c/y.txt'],
    ]);
    const backwards = await allPages({ prefix: root, sortBy: { column: 'name', order: 'desc' } }, 5);
    expect(backwards.flatMap((p) => names(p.objects))).toEqual(names(flat.flatMap((p) => p.objects)).reverse());
  });

  it('sorts by creation, a folder at its first object’s time', async () => {
    const byDate = await allPages({ prefix: root, sortBy: { column: 'created_at', order: 'asc' } }, 2);
    expect(byDate.flatMap((p) => names(p.objects))).toEqual(UPLOADS);

    const folded = await allPages(
      { prefix: root, with_delimiter: true, sortBy: { column: 'created_at', order: 'asc' } },
      1,
    );
    expect(folded.map((p) => [...names(p.folders), ...names(p.objects)])).toEqual([
      ['c/'],
      ['b.txt'],
      ['aal/'],
      ['aal.txt'],
    ]);
    const c = folded[0]!.folders[0]!;
    expect(Date.parse(String(c.created_at))).not.toBeNaN();

    const newest = await listV2({
      prefix: root,
      with_delimiter: true,
      sortBy: { column: 'created_at', order: 'desc' },
    });
    expect(names(newest.objects)).toEqual(['aal.txt', 'b.txt']);
    expect(names(newest.folders)).toEqual(['aal/', 'c/']);
  });

  it('shows only what the caller may read', async () => {
    const other = await newUser();
    const { data, error } = await other.client.storage.from(PRIVATE).listV2({ prefix: root, with_delimiter: true });
    expect(error).toBeNull();
    expect(data).toEqual({ hasNext: false, folders: [], objects: [] });
  });

  it('answers an unknown bucket with an empty list', async () => {
    const { data, error } = await u.client.storage.from('no-such-bucket').listV2();
    expect(error).toBeNull();
    expect(data).toEqual({ hasNext: false, folders: [], objects: [] });
  });

  it('refuses bad options with Storage’s messages', async () => {
    const bucket = u.client.storage.from(PRIVATE);
    expectStorageError((await bucket.listV2({ limit: 0 })).error, {
      statusCode: '400',
      message: 'body/limit must be >= 1',
    });
    expectStorageError((await bucket.listV2({ sortBy: { column: 'size' as never } })).error, {
      statusCode: '400',
      message: 'body/sortBy/column must be equal to one of the allowed values',
    });
    expectStorageError((await bucket.listV2({ cursor: 'abc' })).error, {
      statusCode: '400',
      message: 'Invalid Parameter continuation token',
    });
  });
});
