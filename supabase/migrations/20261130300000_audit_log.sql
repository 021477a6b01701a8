-- The audit trail: every insert, update and delete on the business tables writes one row of
-- public.audit_log in the same transaction, by one trigger function, so no path escapes it
-- (PostgREST, RPCs, bulk updates, jobs, the seed). Who: auth.uid() and their public.users.role
-- ('service' for the service role, 'system' for jobs, migrations and the seed).
-- What: for an insert the row (after), for a delete the row (before), for an update only the
-- fields that changed, before and after; an update that changes nothing but updated_at writes
-- nothing. Bank numbers are masked ('•••• ' and the last two characters), secrets hidden.
-- Screens' heartbeats write nothing: on equipment_status only the fields people change count.
-- Append-only: no role may insert, update or delete rows itself; the retention job (daily,
-- two years) is the only remover.
-- Who reads: team members whose role sees money (admin, sales) read the table; every team
-- member reads through public.audit_entries(...), which hides money values from the others.

create schema if not exists private;

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_role text not null,
  table_name text not null,
  row_id text not null,
  row_label text,
  action text not null,
  before jsonb,
  after jsonb,
  constraint audit_log_action_is_known check (action in ('insert', 'update', 'delete'))
);

comment on table public.audit_log is
  'Append-only history of every change to the business tables, written by public.record_audit() in the same transaction as the change; pruned after two years by public.prune_audit_log(), the only remover.';
comment on column public.audit_log.actor_id is 'auth.uid() of the change; null for jobs, the seed and the service role.';
comment on column public.audit_log.actor_role is 'public.users.role of the actor when the change was made, ''service'' for the service role, ''system'' for jobs, migrations and the seed.';
comment on column public.audit_log.row_id is 'The changed row''s id (a composite key''s columns joined with '':'').';
comment on column public.audit_log.row_label is 'The row''s name as people know it (name, device_name, advertiser_name, title, email or message), for reading the history.';
comment on column public.audit_log.before is 'delete: the row; update: the changed fields before; insert: null. Bank numbers masked, secrets hidden.';
comment on column public.audit_log.after is 'insert: the row; update: the changed fields after; delete: null. Bank numbers masked, secrets hidden.';

create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_row_idx on public.audit_log (table_name, row_id, at desc);
create index audit_log_actor_idx on public.audit_log (actor_id, at desc);

alter table public.audit_log enable row level security;

revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;

create policy "Team members who see money read the audit trail"
  on public.audit_log for select to authenticated
  using ((select public.team_can('money')));

-- Masking: bank numbers keep their last two characters, secrets nothing.
create or replace function private.audit_mask(p_row jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(e.key,
    case
      when e.value = 'null'::jsonb then e.value
      when e.key in ('bank_name', 'account_number', 'routing_number')
        then to_jsonb('•••• ' || right(e.value #>> '{}', 2))
      when e.key ~* '(token|secret|password|key)' then to_jsonb('[hidden]'::text)
      else e.value
    end), '{}'::jsonb)
  from jsonb_each(p_row) e
$$;

comment on function private.audit_mask(jsonb) is
  'The audit trail''s masking: bank_name, account_number and routing_number become ''•••• '' and their last two characters; any field named like token, secret, password or key becomes ''[hidden]''.';

-- The generic trigger. Arguments: column names whose changes alone are noise (never recorded);
-- or 'only' followed by the only columns whose changes count (equipment_status, whose other
-- columns are the screens' heartbeats and health).
create or replace function public.record_audit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_only boolean := tg_nargs > 0 and tg_argv[0] = 'only';
  v_cols text[] := coalesce(tg_argv, '{}'::text[]);
  v_before jsonb;
  v_after jsonb;
  v_actor uuid;
  v_role text;
  v_row_id text;
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, n.value)
    into v_before, v_after
    from jsonb_each(v_old) o
    join jsonb_each(v_new) n on n.key = o.key
    where o.value is distinct from n.value
      and o.key <> 'updated_at'
      and (case when v_only then o.key = any (v_cols[1:]) else not (o.key = any (v_cols)) end);
    if v_before is null then
      return null;
    end if;
    v_before := private.audit_mask(v_before);
    v_after := private.audit_mask(v_after);
  elsif tg_op = 'INSERT' then
    v_after := private.audit_mask(v_new);
  else
    v_before := private.audit_mask(v_old);
  end if;

  begin
    v_actor := auth.uid();
  exception when others then
    v_actor := null;
  end;
  v_role := case
    when coalesce(auth.role(), '') = 'service_role' then 'service'
    when v_actor is null then 'system'
    else coalesce((select u.role from public.users u where u.id = v_actor), 'system')
  end;

  if v_row ? 'id' then
    v_row_id := v_row ->> 'id';
  else
    select string_agg(v_row ->> a.attname, ':' order by k.n)
    into v_row_id
    from pg_catalog.pg_index i
    cross join lateral unnest(i.indkey::int2[]) with ordinality k(attnum, n)
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = tg_relid and i.indisprimary;
  end if;

  insert into public.audit_log (actor_id, actor_role, table_name, row_id, row_label, action, before, after)
  values (
    v_actor, v_role, tg_table_name, coalesce(v_row_id, ''),
    coalesce(v_row ->> 'name', v_row ->> 'device_name', v_row ->> 'advertiser_name', v_row ->> 'title',
             v_row ->> 'email', v_row ->> 'message'),
    lower(tg_op), v_before, v_after
  );
  return null;
end
$$;

comment on function public.record_audit() is
  'The audit trail''s trigger (AFTER INSERT, UPDATE, DELETE FOR EACH ROW on every business table): one row of public.audit_log per changed row, with the actor, and only the changed fields of an update. Arguments: columns whose changes alone are noise, or ''only'' and the only columns that count.';

revoke all on function public.record_audit() from public, anon, authenticated;
revoke all on function private.audit_mask(jsonb) from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array[
    'customers', 'advertisers', 'ads', 'campaigns', 'campaign_items', 'campaign_windows',
    'campaign_screens', 'campaign_targets', 'screen_groups', 'screen_group_members',
    'network_settings', 'alert_settings', 'alert_recipients', 'users'
  ] loop
    execute format(
      'create trigger audit_changes after insert or update or delete on public.%I
         for each row execute function public.record_audit()', t);
  end loop;
  -- Venues' bank accounts, when the team's tables have them.
  if to_regclass('public.customer_bank_accounts') is not null then
    execute 'create trigger audit_changes after insert or update or delete on public.customer_bank_accounts
               for each row execute function public.record_audit()';
  end if;
end
$$;

-- Alerts: raised, acknowledged and resolved count; the e-mail job's bookkeeping does not.
create trigger audit_changes after insert or update or delete on public.system_alerts
  for each row execute function public.record_audit('email_state', 'email_attempts', 'email_claimed_at', 'emailed_at');

-- Screens: what people change counts (name, venue, place, orientation, loop, pairing, revoking);
-- the heartbeats' status, clock, content and health fields, every 30 s per screen, do not.
-- A column people edit that is added to equipment_status later belongs in this list.
create trigger audit_changes after insert or update or delete on public.equipment_status
  for each row execute function public.record_audit(
    'only', 'device_name', 'customer_id', 'location', 'orientation', 'revoked_at', 'loop_seconds',
    'is_active', 'screen_user_id', 'paired_at');

-- Append-only: even the table's owner changes or removes rows only through the retention job.
create or replace function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(current_setting('audit.retention', true), '') <> 'on' or tg_op <> 'DELETE' then
    raise exception 'The audit trail is append-only: rows are never changed, and removed only after two years.'
      using errcode = '42501';
  end if;
  return old;
end
$$;

create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();

create or replace function public.prune_audit_log()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform set_config('audit.retention', 'on', true);
  delete from public.audit_log where at < now() - interval '2 years';
  get diagnostics v_count = row_count;
  perform set_config('audit.retention', '', true);
  return v_count;
end
$$;

comment on function public.prune_audit_log() is
  'The audit-retention job (daily): removes audit_log rows older than two years, the only way a row leaves the audit trail. Returns how many.';

revoke all on function public.prune_audit_log() from public, anon, authenticated;
grant execute on function public.prune_audit_log() to service_role;

select cron.schedule('audit-retention', '23 3 * * *', 'select public.prune_audit_log()');

-- Reading: every team member, paged, filtered and searched in the database, with the actor's
-- e-mail; money values ('[hidden]') only for roles that see money.
create or replace function public.audit_entries(
  p_table text default null,
  p_row_id text default null,
  p_actor uuid default null,
  p_action text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_search text default null,
  p_limit integer default 50,
  p_offset integer default 0
)
returns table (
  id bigint,
  at timestamptz,
  actor_id uuid,
  actor_email text,
  actor_role text,
  table_name text,
  row_id text,
  row_label text,
  action text,
  before jsonb,
  after jsonb,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_money boolean := public.team_can('money');
  v_hidden text[] := array['monthly_fee', 'total_spent', 'daily_budget', 'price_basis', 'price_amount'];
  v_search text := nullif(btrim(coalesce(p_search, '')), '');
begin
  if not public.team_can('read') then
    raise exception 'Only team members read the audit trail.' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 then
    raise exception 'A page holds 1 to 200 entries.' using errcode = '22023';
  end if;
  if p_offset is null or p_offset < 0 then
    raise exception 'The offset is 0 or more.' using errcode = '22023';
  end if;

  return query
  select l.id, l.at, l.actor_id, u.email, l.actor_role, l.table_name, l.row_id, l.row_label, l.action,
    case when v_money then l.before else private.audit_hide(l.before, v_hidden) end,
    case when v_money then l.after else private.audit_hide(l.after, v_hidden) end,
    count(*) over ()
  from public.audit_log l
  left join public.users u on u.id = l.actor_id
  where (p_table is null or l.table_name = p_table)
    and (p_row_id is null or l.row_id = p_row_id)
    and (p_actor is null or l.actor_id = p_actor)
    and (p_action is null or l.action = p_action)
    and (p_from is null or l.at >= p_from)
    and (p_to is null or l.at < p_to)
    and (
      v_search is null
      or l.row_label ilike '%' || v_search || '%'
      or u.email ilike '%' || v_search || '%'
      or l.table_name ilike '%' || v_search || '%'
      or l.row_id = v_search
      or (case when v_money then l.before::text || ' ' || l.after::text
               else private.audit_hide(l.before, v_hidden)::text || ' ' || private.audit_hide(l.after, v_hidden)::text
          end) ilike '%' || v_search || '%'
    )
  order by l.at desc, l.id desc
  limit p_limit offset p_offset;
end
$$;

create or replace function private.audit_hide(p_row jsonb, p_keys text[])
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when p_row is null then null else (
    select coalesce(jsonb_object_agg(e.key,
      case when e.key = any (p_keys) and e.value <> 'null'::jsonb then to_jsonb('[hidden]'::text) else e.value end),
      '{}'::jsonb)
    from jsonb_each(p_row) e
  ) end
$$;

comment on function public.audit_entries(text, text, uuid, text, timestamptz, timestamptz, text, integer, integer) is
  'The audit trail for team members, newest first: filtered by table, row, actor, action and period [p_from, p_to), searched (record name, actor e-mail, table, id, field values), paged (p_limit 1 to 200), each entry with the actor''s e-mail and total_count, the number of entries that match. Money fields read ''[hidden]'' for roles without money.';

revoke all on function public.audit_entries(text, text, uuid, text, timestamptz, timestamptz, text, integer, integer) from public, anon;
grant execute on function public.audit_entries(text, text, uuid, text, timestamptz, timestamptz, text, integer, integer) to authenticated;
revoke all on function private.audit_hide(jsonb, text[]) from public, anon, authenticated;
