-- Extensions a hosted Supabase project has that neither PGlite nor Debian's
-- PostgreSQL ships (pg_cron, pg_net, supabase_vault): the files beside this one
-- (cron/pg_cron.sql, net/pg_net.sql, vault/supabase_vault.sql) create their SQL
-- objects as the extensions' scripts do, with SQL standing in for their C parts
-- and the stack's Node process for their background workers. Then each is
-- recorded in pg_extension, owning its objects, as CREATE EXTENSION records it:
-- so `create extension if not exists pg_cron with schema pg_catalog;` in a
-- migration answers "extension already exists, skipping" here and creates the
-- extension on a hosted project, and `drop extension` drops its objects.
-- (Superusers may write to the catalogs; the stack connects as postgres, a superuser.)
create schema if not exists _local_stack;

create or replace function _local_stack.register_extension(
  ext_name name,
  ext_version text,
  ext_schema name,
  member_schemas name[]
) returns void
  language plpgsql
  set search_path = ''
  as $$
declare
  ext oid;
  member_namespaces oid[];
begin
  select e.oid into ext from pg_catalog.pg_extension e where e.extname = ext_name;
  if ext is null then
    -- A new row's oid only has to be unique in pg_extension; CREATE EXTENSION's
    -- own oid choice skips any that is taken.
    select (coalesce(max(e.oid::int8), 16383) + 1)::oid into ext from pg_catalog.pg_extension e;
    insert into pg_catalog.pg_extension (oid, extname, extowner, extnamespace, extrelocatable, extversion, extconfig, extcondition)
    values (ext, ext_name, (select r.oid from pg_catalog.pg_roles r where r.rolname = current_user),
      (select n.oid from pg_catalog.pg_namespace n where n.nspname = ext_schema), false, ext_version, null, null);
  else
    update pg_catalog.pg_extension set extversion = ext_version where oid = ext;
  end if;

  select pg_catalog.array_agg(n.oid) into member_namespaces
  from pg_catalog.pg_namespace n where n.nspname = any (member_schemas);

  insert into pg_catalog.pg_depend (classid, objid, objsubid, refclassid, refobjid, refobjsubid, deptype)
  select m.classid, m.objid, 0, 'pg_catalog.pg_extension'::pg_catalog.regclass, ext, 0, 'e'
  from (
    select 'pg_catalog.pg_namespace'::pg_catalog.regclass as classid, n.oid as objid
    from pg_catalog.pg_namespace n where n.oid = any (member_namespaces)
    union all
    select 'pg_catalog.pg_class'::pg_catalog.regclass, c.oid
    from pg_catalog.pg_class c
    where c.relnamespace = any (member_namespaces) and c.relkind in ('r', 'S', 'v', 'm', 'p', 'f')
    union all
    select 'pg_catalog.pg_proc'::pg_catalog.regclass, p.oid
    from pg_catalog.pg_proc p where p.pronamespace = any (member_namespaces)
    union all
    select 'pg_catalog.pg_type'::pg_catalog.regclass, t.oid
    from pg_catalog.pg_type t
    left join pg_catalog.pg_class c on c.oid = t.typrelid
    where t.typnamespace = any (member_namespaces)
      and (t.typtype in ('d', 'e') or (t.typtype = 'c' and c.relkind = 'c'))
  ) m
  where not exists (
    select 1 from pg_catalog.pg_depend d
    where d.classid = m.classid and d.objid = m.objid and d.objsubid = 0 and d.deptype = 'e'
  );
end
$$;
