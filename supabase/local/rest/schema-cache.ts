// What PostgREST's schema cache holds, loaded from the catalogs in a few
// queries: tables and views with their columns and keys, foreign-key
// relationships in both directions, and functions.
import type { Db } from '../db/core.ts';

export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  /** The default expression as the catalog prints it, or null. */
  default: string | null;
  generated: boolean;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  /** Column names in table order. */
  columnOrder: string[];
  pk: string[];
  /** Column sets of every unique key (PK included). */
  uniques: string[][];
  relationships: Relationship[];
}

export interface Relationship {
  /** Name of the table the embed starts from. */
  from: string;
  /** Name of the embedded table. */
  to: string;
  constraint: string;
  /** Columns on `from` and `to` that join (pairwise). */
  fromCols: string[];
  toCols: string[];
  /** Whether `from` holds the foreign key. */
  fromHoldsFk: boolean;
  cardinality: 'm2o' | 'o2m' | 'o2o' | 'm2m';
  /** Many-to-many: the junction table and its columns pointing at `from` and `to`. */
  junction?: { table: string; constraints: [string, string]; fromCols: string[]; toCols: string[] };
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface PgFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** 'scalar' | 'composite' | 'void' */
  returnKind: 'scalar' | 'composite' | 'void';
  /** Output column names when the result is composite (table, type or TABLE(...)). */
  returnColumns: string[];
  volatile: boolean;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  functions: Map<string, PgFunction[]>;
}

const key = (schema: string, name: string) => `${schema}.${name}`;

export function findTable(cache: SchemaCache, schema: string, name: string): Table | undefined {
  return cache.tables.get(key(schema, name));
}

export function findFunctions(cache: SchemaCache, schema: string, name: string): PgFunction[] {
  return cache.functions.get(key(schema, name)) ?? [];
}

export async function loadSchemaCache(db: Db, schemas: string[]): Promise<SchemaCache> {
  return db.transaction(async (tx) => {
    const tables = await tx.query<{ schema: string; name: string; kind: string }>(
      `select n.nspname as schema, c.relname as name, c.relkind as kind
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1::text[]) and c.relkind in ('r','v','m','f','p')`,
      [schemas],
    );
    const columns = await tx.query<{ schema: string; table: string; name: string; type: string; notnull: boolean; def: string | null; generated: string; identity: string }>(
      `select n.nspname as schema, c.relname as table, a.attname as name,
              format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
              pg_get_expr(d.adbin, d.adrelid) as def, a.attgenerated::text as generated, a.attidentity::text as identity
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname = any($1::text[]) and c.relkind in ('r','v','m','f','p')
          and a.attnum > 0 and not a.attisdropped
        order by n.nspname, c.relname, a.attnum`,
      [schemas],
    );
    const keys = await tx.query<{ schema: string; table: string; primary: boolean; cols: string[] }>(
      `select n.nspname as schema, c.relname as table, i.indisprimary as primary,
              array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, ord)
                      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord) as cols
         from pg_index i
         join pg_class c on c.oid = i.indrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1::text[]) and i.indisunique and i.indpred is null and i.indexprs is null`,
      [schemas],
    );
    const fks = await tx.query<{ schema: string; table: string; fschema: string; ftable: string; name: string; cols: string[]; fcols: string[] }>(
      `select n.nspname as schema, c.relname as table, fn.nspname as fschema, fc.relname as ftable, con.conname as name,
              array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as cols,
              array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
                      join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord) as fcols
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_class fc on fc.oid = con.confrelid
         join pg_namespace fn on fn.oid = fc.relnamespace
        where con.contype = 'f' and con.conparentid = 0 and n.nspname = any($1::text[]) and fn.nspname = n.nspname`,
      [schemas],
    );
    const fns = await tx.query<{
      schema: string;
      name: string;
      argnames: string[] | null;
      argtypes: string[];
      argmodes: string[] | null;
      ndefaults: number;
      rettype: string;
      retset: boolean;
      typtype: string;
      relcols: string[] | null;
      volatility: string;
      allargtypes: string[] | null;
    }>(
      `select n.nspname as schema, p.proname as name, p.proargnames as argnames,
              array(select format_type(t, null) from unnest(p.proargtypes) t) as argtypes,
              p.proargmodes::text[] as argmodes, p.pronargdefaults as ndefaults,
              format_type(p.prorettype, null) as rettype, p.proretset as retset, t.typtype::text as typtype,
              case when t.typrelid <> 0 then array(select a.attname::text from pg_attribute a
                     where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) end as relcols,
              p.provolatile::text as volatility,
              case when p.proallargtypes is not null then array(select format_type(x, null) from unnest(p.proallargtypes) x) end as allargtypes
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type t on t.oid = p.prorettype
        where n.nspname = any($1::text[]) and p.prokind = 'f'`,
      [schemas],
    );

    const cache: SchemaCache = { tables: new Map(), functions: new Map() };
    for (const t of tables.rows) {
      cache.tables.set(key(t.schema, t.name), {
        schema: t.schema,
        name: t.name,
        isView: t.kind === 'v' || t.kind === 'm',
        columns: new Map(),
        columnOrder: [],
        pk: [],
        uniques: [],
        relationships: [],
      });
    }
    for (const c of columns.rows) {
      const t = cache.tables.get(key(c.schema, c.table));
      if (!t) continue;
      const generated = c.generated !== '' || c.identity === 'a';
      const def = c.identity !== '' ? 'DEFAULT' : c.def;
      t.columns.set(c.name, { name: c.name, type: c.type, nullable: !c.notnull, default: def, generated });
      t.columnOrder.push(c.name);
    }
    for (const k of keys.rows) {
      const t = cache.tables.get(key(k.schema, k.table));
      if (!t) continue;
      if (k.primary) t.pk = k.cols;
      t.uniques.push(k.cols);
    }
    const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
    for (const f of fks.rows) {
      const child = cache.tables.get(key(f.schema, f.table));
      const parent = cache.tables.get(key(f.fschema, f.ftable));
      if (!child || !parent) continue;
      const oneToOne = child.uniques.some((u) => sameSet(u, f.cols));
      child.relationships.push({
        from: child.name,
        to: parent.name,
        constraint: f.name,
        fromCols: f.cols,
        toCols: f.fcols,
        fromHoldsFk: true,
        cardinality: oneToOne ? 'o2o' : 'm2o',
      });
      parent.relationships.push({
        from: parent.name,
        to: child.name,
        constraint: f.name,
        fromCols: f.fcols,
        toCols: f.cols,
        fromHoldsFk: false,
        cardinality: oneToOne ? 'o2o' : 'o2m',
      });
    }
    // Many-to-many through junction tables whose key holds both foreign keys.
    for (const j of cache.tables.values()) {
      const own = j.relationships.filter((r) => r.fromHoldsFk);
      const keyed = own.filter((r) => j.uniques.some((u) => r.fromCols.every((c) => u.includes(c))));
      for (const r1 of keyed) {
        for (const r2 of keyed) {
          if (r1 === r2) continue;
          const inKey = j.uniques.some((u) => [...r1.fromCols, ...r2.fromCols].every((c) => u.includes(c)));
          const a = cache.tables.get(key(j.schema, r1.to));
          if (!inKey || !a) continue;
          a.relationships.push({
            from: r1.to,
            to: r2.to,
            constraint: j.name,
            fromCols: r1.toCols,
            toCols: r2.toCols,
            fromHoldsFk: false,
            cardinality: 'm2m',
            junction: { table: j.name, constraints: [r1.constraint, r2.constraint], fromCols: r1.fromCols, toCols: r2.fromCols },
          });
        }
      }
    }
    for (const f of fns.rows) {
      const modes = f.argmodes ?? [];
      const names = f.argnames ?? [];
      const allTypes = f.allargtypes ?? f.argtypes;
      const args: FunctionArg[] = [];
      const outCols: string[] = [];
      allTypes.forEach((type, i) => {
        const mode = modes[i] ?? 'i';
        if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name: names[i] ?? '', type, hasDefault: false });
        if (mode === 'o' || mode === 'b' || mode === 't') outCols.push(names[i] ?? '');
      });
      for (let i = args.length - f.ndefaults; i < args.length; i++) if (i >= 0) args[i].hasDefault = true;
      const returnKind = f.rettype === 'void' ? 'void' : f.typtype === 'c' || (f.rettype === 'record' && outCols.length > 0) ? 'composite' : 'scalar';
      const fn: PgFunction = {
        schema: f.schema,
        name: f.name,
        args,
        returnType: f.rettype,
        returnsSet: f.retset,
        returnKind,
        returnColumns: f.relcols ?? outCols,
        volatile: f.volatility === 'v',
      };
      const k = key(f.schema, f.name);
      const list = cache.functions.get(k) ?? [];
      list.push(fn);
      cache.functions.set(k, list);
    }
    return cache;
  });
}
