-- Fixtures for PostgREST's wider select language and function calls: aggregates,
-- spreads, computed fields and relationships, views, self-references, overloaded and
-- unnamed-parameter functions, and the switches of PostgREST's in-database configuration.

-- Filled by seed.sql with pgcrypto's functions unqualified: Supabase puts `extensions`
-- on the postgres role's search_path for seeds and migrations (db-search-path.test.ts).
create table public.rest_seeded_secrets (
  id int primary key,
  hash text not null
);
alter table public.rest_seeded_secrets enable row level security;
create policy "Anyone reads seeded secrets" on public.rest_seeded_secrets for select using (true);

-- Aggregates: message amounts per user.
create table public.rest_users (
  id int primary key,
  username text not null unique
);
create table public.rest_messages (
  id int primary key,
  user_id int not null references public.rest_users (id),
  channel text not null,
  amount numeric not null,
  note text
);
alter table public.rest_users enable row level security;
alter table public.rest_messages enable row level security;
create policy "Anyone reads users" on public.rest_users for select using (true);
create policy "Anyone reads messages" on public.rest_messages for select using (true);
insert into public.rest_users (id, username) values (1, 'ada'), (2, 'grace'), (3, 'linus');
insert into public.rest_messages (id, user_id, channel, amount, note) values
  (1, 1, 'general', 10, 'hi'),
  (2, 1, 'general', 5, null),
  (3, 1, 'random', 2.5, 'later'),
  (4, 2, 'general', 7, null);

-- A self-referencing table: collections and their sub-collections.
create table public.rest_collections (
  id int primary key,
  name text not null,
  parent_id int references public.rest_collections (id)
);
alter table public.rest_collections enable row level security;
create policy "Anyone reads collections" on public.rest_collections for select using (true);
insert into public.rest_collections (id, name, parent_id) values (1, 'root', null), (2, 'child a', 1), (3, 'child b', 1), (4, 'grandchild', 2);

-- Two relationships of different kinds between the same tables (PGRST201 lists
-- them in PostgREST's order: one-to-many before one-to-one, whatever their names).
create table public.rest_people (id int primary key, name text not null);
create table public.rest_tasks (
  id int primary key,
  owner_id int not null constraint z_rest_tasks_owner references public.rest_people (id),
  reviewer_id int unique constraint a_rest_tasks_reviewer references public.rest_people (id)
);
alter table public.rest_people enable row level security;
alter table public.rest_tasks enable row level security;
create policy "Anyone reads people" on public.rest_people for select using (true);
create policy "Anyone reads tasks" on public.rest_tasks for select using (true);
insert into public.rest_people (id, name) values (1, 'Pat'), (2, 'Sam');
insert into public.rest_tasks (id, owner_id, reviewer_id) values (1, 1, 2), (2, 1, null);

-- Computed fields (a function of the row) and computed relationships (rows from a row).
create function public.rest_shout(public.rest_users) returns text
language sql stable as $$ select upper($1.username) $$;

create function public.rest_sender(public.rest_messages) returns setof public.rest_users
language sql stable rows 1 as $$ select * from public.rest_users where id = $1.user_id $$;

create function public.rest_sent(public.rest_users) returns setof public.rest_messages
language sql stable as $$ select * from public.rest_messages where user_id = $1.id order by id $$;

-- A view over messages: its user_id still leads to users, and users to it.
create view public.rest_messages_view with (security_invoker = on) as
  select id, user_id as sender_id, channel, amount from public.rest_messages;
grant select on public.rest_messages_view to anon, authenticated, service_role;

-- Overloaded functions: resolved by argument names, or ambiguous (PGRST203).
create function public.rest_over(a int) returns text
language sql immutable as $$ select 'a' $$;
create function public.rest_over(a int, b int) returns text
language sql immutable as $$ select 'a, b' $$;
create function public.rest_over(c text) returns text
language sql immutable as $$ select 'c' $$;
create function public.rest_amb(x int) returns text
language sql immutable as $$ select 'int' $$;
create function public.rest_amb(x text) returns text
language sql immutable as $$ select 'text' $$;
create function public.rest_defaults(a int) returns text
language sql immutable as $$ select 'one' $$;
create function public.rest_defaults(a int, b int default 2) returns text
language sql immutable as $$ select 'two' $$;

-- A single unnamed parameter: the whole body is the argument.
create function public.rest_unnamed_json(json) returns json
language sql immutable as $$ select $1 $$;
create function public.rest_unnamed_text(text) returns text
language sql immutable as $$ select 'text: ' || $1 $$;
create function public.rest_unnamed_bytea(bytea) returns int
language sql immutable as $$ select length($1) $$;
create function public.rest_unnamed_xml(xml) returns text
language sql immutable as $$ select 'xml: ' || $1::text $$;

-- A function returning rows of a table, for counts and aggregates on /rpc/.
create function public.rest_messages_of(uid int) returns setof public.rest_messages
language sql stable as $$ select * from public.rest_messages where user_id = uid order by id $$;

-- The planner's estimate of a query, as the caller's role sees it: what
-- `Prefer: count=planned` reports for `select 1 from <table>`.
create function public.rest_planned_rows(table_name text) returns bigint
language plpgsql volatile as $$
declare plan json;
begin
  execute format('explain (format json) select 1 from public.%I', table_name) into plan;
  return (plan->0->'Plan'->>'Plan Rows')::bigint;
end $$;

-- PostgREST's in-database configuration, as on a hosted project:
-- `alter role authenticator set pgrst.db_aggregates_enabled = 'true'; notify pgrst, 'reload config';`
create function public.rest_set_pgrst_config(setting text, value text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if value is null then
    execute format('alter role authenticator reset pgrst.%I', setting);
  else
    execute format('alter role authenticator set pgrst.%I = %L', setting, value);
  end if;
  perform pg_notify('pgrst', 'reload config');
end $$;
revoke execute on function public.rest_set_pgrst_config(text, text) from public, anon, authenticated;
grant execute on function public.rest_set_pgrst_config(text, text) to service_role;
