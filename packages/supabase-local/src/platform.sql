-- What Supabase's Postgres image, GoTrue and Storage create before a project's
-- migrations run: roles, the auth and storage schemas, helper functions and grants.
-- Sources: supabase/postgres init scripts and migrations, supabase/auth and
-- supabase/storage migrations. Idempotent: the stack re-applies it when it changes.

-- Roles ----------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit createrole login;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole login;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'dashboard_user') then
    create role dashboard_user nologin createrole createdb;
  end if;
end
$$;

-- 20230529180330_alter_api_roles_for_inherit.sql
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant supabase_auth_admin, supabase_storage_admin to postgres;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';

-- Search paths: supabase/postgres init-scripts 00000000000003-post-setup.sql (postgres,
-- so seeds and migrations find pgcrypto's gen_salt() and uuid-ossp unqualified) and the
-- auth and storage schema scripts.
alter role postgres set search_path to "$user", public, extensions;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;

-- Schemas and extensions -----------------------------------------------------
create schema if not exists extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

grant usage on schema public to postgres, anon, authenticated, service_role;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all privileges on all tables in schema extensions to postgres, service_role;
grant execute on all functions in schema extensions to postgres, anon, authenticated, service_role;

-- Table privileges are wide open; row level security is the only gate.
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Migrations tracked as the Supabase CLI tracks them.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- Auth (GoTrue) --------------------------------------------------------------
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin, postgres;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
create index if not exists users_instance_id_idx on auth.users (instance_id);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where (is_sso_user = false);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text,
  tag text
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('confirmation_token', 'reauthentication_token', 'recovery_token', 'email_change_token_new', 'email_change_token_current', 'phone_change_token')),
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  constraint one_time_tokens_user_id_token_type_key unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

-- MFA factors and their challenges (GoTrue 20221003041349_add_mfa_schema and later).
do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'factor_type') then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'factor_status') then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end
$$;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);
comment on table auth.audit_log_entries is 'Auth: Audit trail for user actions.';

-- Helpers policies call (GoTrue 20220224000811 and 20220531120530).
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role, postgres;
grant all on all tables in schema auth to supabase_auth_admin, postgres, dashboard_user;
grant all on all sequences in schema auth to supabase_auth_admin, postgres, dashboard_user;
grant select on auth.users to service_role;

-- Storage --------------------------------------------------------------------
create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin, postgres;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type text not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  level int
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- Lists one folder level of a bucket under the caller's policies (storage-js
-- list(), Storage's storage.search): rows named relative to `prefix`, folders as
-- rows with a null id. `search` narrows to names starting with it. Sorted by
-- name, folders and files come interleaved, compared case-insensitively, as
-- Storage walks the keys; sorted by a date, folders come first, then files.
-- `levels` is kept for the signature only.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable
as $$
declare
  v_limit int := least(coalesce(limits, 100), 1500);
  v_prefix text := coalesce(prefix, '') || coalesce(search, '');
  v_prefix_len int := char_length(coalesce(prefix, ''));
  v_order text := case when lower(coalesce(sortorder, 'asc')) = 'asc' then 'asc' else 'desc' end;
  v_column text := case
    when lower(coalesce(sortcolumn, 'name')) in ('updated_at', 'created_at', 'last_accessed_at')
      then lower(sortcolumn)
    else 'name'
  end;
  v_first int := coalesce(array_length(string_to_array(coalesce(prefix, ''), '/'), 1), 1);
  v_level int := coalesce(array_length(string_to_array(v_prefix, '/'), 1), 1);
begin
  if v_column = 'name' then
    return query execute format(
      $q$
      with matched as (
        select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
          strpos(substr(lower(o.name), char_length($1) + 1), '/') as cut
        from storage.objects o
        where o.bucket_id = $2 and starts_with(lower(o.name), lower($1))
      ),
      entries as (
        select min(left(m.name, char_length($1) + m.cut)) as path, true as folder, null::uuid as id,
          null::timestamptz as updated_at, null::timestamptz as created_at,
          null::timestamptz as last_accessed_at, null::jsonb as metadata
        from matched m where m.cut > 0
        group by lower(left(m.name, char_length($1) + m.cut))
        union all
        select m.name, false, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata
        from matched m where m.cut = 0
      )
      select substring(case when e.folder then rtrim(e.path, '/') else e.path end from $3 + 1),
        e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
      from entries e
      order by lower(e.path) collate "C" %s
      limit $4 offset $5
      $q$, v_order)
    using v_prefix, bucketname, v_prefix_len, v_limit, offsets;
    return;
  end if;
  return query execute format(
    $q$
    with folders as (
      select array_to_string(o.path_tokens[$1:$2], '/') as folder
      from storage.objects o
      where o.name ilike $3 || '%%' and o.bucket_id = $4 and array_length(o.path_tokens, 1) <> $2
      group by folder
      order by folder %s
    )
    (select f.folder, null::uuid, null::timestamptz, null::timestamptz, null::timestamptz, null::jsonb from folders f)
    union all
    (select array_to_string(o.path_tokens[$1:$2], '/'), o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
     from storage.objects o
     where o.name ilike $3 || '%%' and o.bucket_id = $4 and array_length(o.path_tokens, 1) = $2
     order by %I %s)
    limit $5 offset $6
    $q$, v_order, v_column, v_order)
  using v_first, v_level, v_prefix, bucketname, v_limit, offsets;
end
$$;

-- Rows of storage.buckets and storage.objects are deleted only through Storage
-- (which sets storage.allow_delete_query in its requests): a DELETE from SQL,
-- a function or a migration fails, so no stored file is left without its row.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using errcode = '42501', hint = 'This prevents accidental data loss from orphaned objects.';
  end if;
  return null;
end
$$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

grant all on storage.objects to anon, authenticated, service_role, postgres, supabase_storage_admin;
grant all on storage.buckets to anon, authenticated, service_role, postgres, supabase_storage_admin;
grant execute on all functions in schema storage to anon, authenticated, service_role, postgres;

-- Realtime -------------------------------------------------------------------
-- What Supabase Realtime's tenant migrations create in the project database:
-- the realtime schema, realtime.messages (whose row-level security policies
-- authorise private channels, "Realtime Authorization") and realtime.topic(),
-- and the image's empty supabase_realtime publication, which migrations fill
-- with `alter publication supabase_realtime add table ...`.
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
grant all on realtime.messages to postgres;

create or replace function realtime.topic() returns text
  language sql stable
  as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;

-- realtime.send(): a broadcast from SQL (a trigger, a function), delivered to the topic's subscribers.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
  returns void
  language plpgsql
  as $$
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast');
exception when others then
  raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to postgres, anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- The local stack's stand-in for logical decoding (PGlite has no WAL to read):
-- a row trigger on every table of supabase_realtime queues each committed change
-- with its old-row identity (the primary key, or the whole row under replica
-- identity full), as wal2json reports them to Supabase Realtime. The realtime
-- service consumes the queue; it never holds data a client could read directly.
create schema if not exists _local_stack;
create table if not exists _local_stack.realtime_changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  action text not null,
  record jsonb,
  old_record jsonb,
  columns jsonb not null,
  commit_timestamp text not null
);

create or replace function _local_stack.realtime_capture() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
declare
  full_identity boolean;
  old_row jsonb;
  identity jsonb;
  cols jsonb;
begin
  select c.relreplident = 'f' into full_identity from pg_catalog.pg_class c where c.oid = tg_relid;
  if tg_op <> 'INSERT' then
    old_row := pg_catalog.to_jsonb(old);
    if full_identity then
      identity := old_row;
    else
      select coalesce(pg_catalog.jsonb_object_agg(a.attname, old_row -> a.attname::text), '{}'::jsonb) into identity
      from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
      where i.indrelid = tg_relid and i.indisprimary;
    end if;
  end if;
  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
    into cols
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_type t on t.oid = a.atttypid
  where a.attrelid = tg_relid and a.attnum > 0 and not a.attisdropped;
  insert into _local_stack.realtime_changes (schema_name, table_name, action, record, old_record, columns, commit_timestamp)
  values (
    tg_table_schema, tg_table_name, tg_op,
    case when tg_op = 'DELETE' then null else pg_catalog.to_jsonb(new) end,
    identity, cols,
    pg_catalog.to_char(pg_catalog.clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
  perform pg_catalog.pg_notify('_local_stack_realtime', '');
  return null;
end
$$;

-- Puts the capture trigger on exactly the tables supabase_realtime publishes
-- (and realtime.messages, whose inserts are broadcasts), and takes it off the rest.
create or replace function _local_stack.realtime_sync() returns void
  language plpgsql
  security definer
  set search_path = ''
  as $$
declare
  r record;
begin
  for r in
    select n.nspname, c.relname
    from pg_catalog.pg_trigger tg
    join pg_catalog.pg_class c on c.oid = tg.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where tg.tgname = '_local_stack_realtime'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
      and not (n.nspname = 'realtime' and c.relname = 'messages')
  loop
    execute pg_catalog.format('drop trigger _local_stack_realtime on %I.%I', r.nspname, r.relname);
  end loop;
  for r in
    select p.schemaname as nspname, p.tablename as relname
    from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
    union
    select 'realtime', 'messages'
  loop
    if not exists (
      select 1 from pg_catalog.pg_trigger tg
      where tg.tgname = '_local_stack_realtime'
        and tg.tgrelid = pg_catalog.format('%I.%I', r.nspname, r.relname)::regclass
    ) then
      execute pg_catalog.format(
        'create trigger _local_stack_realtime after insert or update or delete on %I.%I
           for each row execute function _local_stack.realtime_capture()',
        r.nspname, r.relname);
    end if;
  end loop;
end
$$;

create or replace function _local_stack.realtime_sync_on_ddl() returns event_trigger
  language plpgsql
  as $$
begin
  perform _local_stack.realtime_sync();
end
$$;

drop event trigger if exists _local_stack_realtime_sync;
create event trigger _local_stack_realtime_sync on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'DROP TABLE')
  execute function _local_stack.realtime_sync_on_ddl();
select _local_stack.realtime_sync();
