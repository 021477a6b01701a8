// Listing objects as the caller (policies decide what shows):
//   POST /object/list/<bucket>     storage-js list(): one folder level, offset paging (storage.search)
//   POST /object/list-v2/<bucket>  storage-js listV2(): keys under a prefix, flat or folded at "/",
//                                   cursor paging (Storage's listObjectsV2)
import type { ServerResponse } from 'node:http';
import { sendJson, type StackRequest } from '../http/server.ts';
import { errors } from './errors.ts';
import {
  asCaller,
  authenticate,
  escapeLike,
  isoSql,
  isValidBucketName,
  readJson,
  type StorageContext,
} from './request.ts';
import { validate, type Schema } from './schema.ts';

const timestamps = `${isoSql('updated_at')} as updated_at, ${isoSql('created_at')} as created_at,
  ${isoSql('last_accessed_at')} as last_accessed_at`;

// ---------------------------------------------------------------------------
// list

const LIST_BODY: Schema = {
  type: 'object',
  properties: {
    prefix: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    offset: { type: 'integer', minimum: 0 },
    sortBy: {
      type: 'object',
      properties: {
        column: { type: 'string', enum: ['name', 'updated_at', 'created_at', 'last_accessed_at'] },
        order: { type: 'string', enum: ['asc', 'desc'] },
      },
      required: ['column'],
    },
    search: { type: 'string' },
  },
  required: ['prefix'],
};

interface ListBody {
  prefix: string;
  limit?: number;
  offset?: number;
  sortBy?: { column: string; order?: string };
  search?: string;
}

export async function listObjects(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const body = validate<ListBody>('body', LIST_BODY, await readJson(req));
  const caller = await authenticate(ctx, req);
  // Storage takes the prefix as a folder.
  let prefix = body.prefix;
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const column = body.sortBy?.column ?? 'name';
  // Sorted by a date, Storage matches with ILIKE, so it escapes the pattern first.
  const literal = column !== 'name';
  const safePrefix = literal ? escapeLike(prefix) : prefix;
  const search = literal ? escapeLike(body.search ?? '') : (body.search ?? '');
  const rows = await asCaller(ctx, req, caller, 'storage.object.list', async (tx) => {
    const result = await tx.query(
      `select name, id, ${timestamps}, metadata from storage.search($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        safePrefix,
        bucketId,
        body.limit || 100,
        (safePrefix + search).split('/').length,
        body.offset || 0,
        search,
        column,
        body.sortBy?.order ?? 'asc',
      ],
    );
    return result.rows;
  });
  sendJson(res, 200, rows);
}

// ---------------------------------------------------------------------------
// list-v2

const LIST_V2_BODY: Schema = {
  type: 'object',
  properties: {
    prefix: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    cursor: { type: 'string' },
    with_delimiter: { type: 'boolean' },
    sortBy: {
      type: 'object',
      properties: {
        column: { type: 'string', enum: ['name', 'updated_at', 'created_at'] },
        order: { type: 'string', enum: ['asc', 'desc'] },
      },
      required: ['column'],
    },
  },
};

interface ListV2Body {
  prefix?: string;
  limit?: number;
  cursor?: string;
  with_delimiter?: boolean;
  sortBy?: { column: string; order?: string };
}

/** What a cursor carries: the last key of the page, and the sort it was made under. */
interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  /** The last row's date in the sort column, for date sorts. */
  sortColumnAfter?: string;
}

const CURSOR_PARTS: [string, keyof Cursor][] = [
  ['l', 'startAfter'],
  ['o', 'sortOrder'],
  ['c', 'sortColumn'],
  ['a', 'sortColumnAfter'],
];

/** Storage's continuation token: "l:<key>\no:<order>\nc:<column>\na:<date>", base64. */
function encodeCursor(cursor: Cursor): string {
  const lines = CURSOR_PARTS.filter(([, field]) => cursor[field]).map(([tag, field]) => `${tag}:${cursor[field]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)/.exec(part);
    const field = m && CURSOR_PARTS.find(([tag]) => tag === m[1])?.[1];
    if (!m || !field) throw errors.invalidParameter('continuation token');
    cursor[field] = m[2]!;
  }
  return cursor;
}

interface Listed {
  key?: string;
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

interface ListQuery {
  bucketId: string;
  prefix: string;
  /** Rows to read: one more than a page, to know whether another follows. */
  rows: number;
  order: 'asc' | 'desc';
  /** A date column to sort by, or undefined for the key. */
  dateColumn?: 'created_at' | 'updated_at';
  cursor?: Cursor;
}

/**
 * Every key under the prefix (no delimiter): sorted by key (bytewise), or by a
 * date and then the key; after the cursor's key (and date).
 */
function flatListing(q: ListQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [q.bucketId, q.rows];
  const where = ['bucket_id = $1'];
  if (q.prefix) {
    params.push(`${escapeLike(q.prefix)}%`);
    where.push(`name like $${params.length}`);
  }
  const op = q.order === 'asc' ? '>' : '<';
  if (q.cursor?.startAfter) {
    if (q.dateColumn && q.cursor.sortColumnAfter) {
      params.push(q.cursor.sortColumnAfter, q.cursor.startAfter);
      where.push(
        `row(date_trunc('milliseconds', ${q.dateColumn}), name collate "C") ${op}
         row(coalesce(nullif($${params.length - 1}, '')::timestamptz, 'epoch'::timestamptz), $${params.length})`,
      );
    } else {
      params.push(q.cursor.startAfter);
      where.push(`name collate "C" ${op} $${params.length}`);
    }
  }
  const sql = `select id, name, metadata, ${timestamps}
    from storage.objects o where ${where.join(' and ')}
    order by ${q.dateColumn ? `o.${q.dateColumn} ${q.order}, ` : ''}o.name collate "C" ${q.order}
    limit $2`;
  return { sql, params };
}

/**
 * The keys under the prefix folded at the next "/": a folder (its path without
 * the slash, null id) for each common prefix, and the objects directly there.
 * By key, a folder sits where its keys do (at "<folder>/"), and a cursor naming
 * a folder skips all of it; by date, a folder carries its first object's
 * creation time as both dates. `key` is the part of the name at the prefix's level.
 */
function foldedListing(q: ListQuery): { sql: string; params: unknown[] } {
  const levels = q.prefix ? q.prefix.split('/').length : 1;
  const params: unknown[] = [q.bucketId, q.prefix, levels, q.rows];
  const op = q.order === 'asc' ? '>' : '<';
  const byDate = q.dateColumn !== undefined;
  let after = '';
  if (q.cursor?.startAfter) {
    params.push(q.cursor.startAfter);
    const start = `$${params.length}`;
    if (byDate) {
      params.push(q.cursor.sortColumnAfter ?? '');
      after = `where row(date_trunc('milliseconds', e.${q.dateColumn}), e.name collate "C") ${op}
        row(coalesce(nullif($${params.length}, '')::timestamptz, 'epoch'::timestamptz), ${start})`;
    } else {
      after = `where e.sort_key collate "C" ${op} (case
        when exists (select 1 from storage.objects o where o.bucket_id = $1 and starts_with(o.name, ${start} || '/'))
        then ${start} || '/' else ${start} end)`;
    }
  }
  const folderDates = byDate
    ? 'min(m.created_at) as updated_at, min(m.created_at) as created_at'
    : 'null::timestamptz as updated_at, null::timestamptz as created_at';
  const order = byDate
    ? `coalesce(date_trunc('milliseconds', e.${q.dateColumn}), 'epoch'::timestamptz) ${q.order}, e.name collate "C" ${q.order}`
    : `e.sort_key collate "C" ${q.order}`;
  const sql = `with keys as (
      select o.name, o.id, o.metadata, o.updated_at, o.created_at, o.last_accessed_at,
        strpos(substr(o.name, char_length($2) + 1), '/') as cut
      from storage.objects o
      where o.bucket_id = $1 and starts_with(o.name, $2)
    ),
    matched as (
      select k.*, case when k.cut > 0 then left(k.name, char_length($2) + k.cut) end as folder from keys k
    ),
    entries as (
      select left(m.folder, -1) as name, m.folder as sort_key,
        null::uuid as id, null::jsonb as metadata, ${folderDates}, null::timestamptz as last_accessed_at
      from matched m where m.folder is not null
      group by m.folder
      union all
      select m.name, m.name, m.id, m.metadata, m.updated_at, m.created_at, m.last_accessed_at
      from matched m where m.folder is null
    )
    select split_part(e.name, '/', $3) as key, e.name, e.id,
      ${isoSql('e.updated_at')} as updated_at, ${isoSql('e.created_at')} as created_at,
      ${isoSql('e.last_accessed_at')} as last_accessed_at, e.metadata
    from entries e ${after}
    order by ${order}
    limit $4`;
  return { sql, params };
}

export async function listObjectsV2(
  ctx: StorageContext,
  req: StackRequest,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const body = validate<ListV2Body>('body', LIST_V2_BODY, await readJson(req));
  const caller = await authenticate(ctx, req);
  if (!isValidBucketName(bucketId)) throw errors.invalidBucketName();
  const limit = Math.min(body.limit || 1000, 1000);
  const prefix = body.prefix || '';
  const cursor = body.cursor ? decodeCursor(body.cursor) : undefined;
  const order = (cursor?.sortOrder || body.sortBy?.order) === 'desc' ? 'desc' : 'asc';
  const column = cursor?.sortColumn || body.sortBy?.column;
  const dateColumn = column === 'created_at' || column === 'updated_at' ? column : undefined;
  const query: ListQuery = { bucketId, prefix, rows: limit + 1, order, dateColumn, cursor };
  const { sql, params } = body.with_delimiter ? foldedListing(query) : flatListing(query);
  const rows = await asCaller(ctx, req, caller, 'storage.object.list_v2', async (tx) => {
    return (await tx.query<Listed>(sql, params)).rows;
  });

  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const folders: Listed[] = [];
  const objects: Listed[] = [];
  for (const row of page) {
    if (row.id === null) folders.push({ ...row, name: row.name.endsWith('/') ? row.name : `${row.name}/` });
    else objects.push(row);
  }
  let nextCursor: string | undefined;
  let nextCursorKey: string | undefined;
  if (hasNext) {
    const last = page[page.length - 1]!;
    const lastDate = dateColumn ? last[dateColumn] : null;
    nextCursor = encodeCursor({
      startAfter: last.name,
      sortOrder: cursor?.sortOrder || body.sortBy?.order,
      sortColumn: column,
      sortColumnAfter: lastDate ? new Date(lastDate).toISOString() : undefined,
    });
    nextCursorKey = last.name;
  }
  sendJson(res, 200, { hasNext, nextCursor, nextCursorKey, folders, objects });
}
