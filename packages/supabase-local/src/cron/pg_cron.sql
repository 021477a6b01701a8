-- pg_cron 1.6 (citusdata/pg_cron: pg_cron.sql and its upgrade scripts to 1.6) as a
-- hosted Supabase project has it, with Supabase's grants (supabase/postgres,
-- pg_cron/after-create.sql). Its C functions are PL/pgSQL here with the same
-- checks, messages and SQL; the scheduler that runs the jobs is the stack's
-- Node process (supabase/local/cron/scheduler.ts). Idempotent: re-applied with
-- platform.sql.

create schema if not exists cron;
create sequence if not exists cron.jobid_seq;
create sequence if not exists cron.runid_seq;

create table if not exists cron.job (
  jobid bigint primary key default pg_catalog.nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default pg_catalog.inet_server_port(),
  database text not null default pg_catalog.current_database(),
  username text not null default current_user,
  active boolean not null default 'true',
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);
alter table cron.job enable row level security;
drop policy if exists cron_job_policy on cron.job;
create policy cron_job_policy on cron.job using (username operator(pg_catalog.=) current_user);

create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigint primary key default pg_catalog.nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
alter table cron.job_run_details enable row level security;
drop policy if exists cron_job_run_details_policy on cron.job_run_details;
create policy cron_job_run_details_policy on cron.job_run_details using (username operator(pg_catalog.=) current_user);

-- The schedule grammar of pg_cron's src/entry.c (Vixie cron's load_entry, read from
-- an in-memory buffer that ends in a NUL, then EOF), ported character by character
-- so the same texts are accepted, quirks included. Characters are codes: -1 is EOF,
-- 0 the NUL after the last character.
create or replace function _local_stack.cron_char(s text, inout p int, out ch int)
  language plpgsql immutable set search_path = '' as $$
declare
  n int := pg_catalog.length(s);
  c int;
begin
  if p < n then
    c := pg_catalog.ascii(pg_catalog.substr(s, p + 1, 1));
    ch := case when c > 127 then 255 else c end;
    p := p + 1;
  elsif p = n then
    ch := 0;
    p := p + 1;
  else
    ch := -1;
  end if;
end
$$;

-- get_number(): a run of letters and digits, a name of `names` (case-insensitive,
-- its index + low) or a number; ch = -1 when it is neither.
create or replace function _local_stack.cron_number(s text, inout p int, inout ch int, low int, names text[], out num int)
  language plpgsql immutable set search_path = '' as $$
declare
  word text := '';
  i int;
begin
  num := 0;
  while (ch between 48 and 57) or (ch between 65 and 90) or (ch between 97 and 122) loop
    if pg_catalog.length(word) + 1 >= 1000 then
      ch := -1;
      return;
    end if;
    word := word || pg_catalog.chr(ch);
    select c.p, c.ch into p, ch from _local_stack.cron_char(s, p) c;
  end loop;
  if word = '' then
    ch := -1;
    return;
  end if;
  if names is not null then
    for i in 1 .. pg_catalog.array_length(names, 1) loop
      if pg_catalog.lower(names[i]) = pg_catalog.lower(word) then
        num := i - 1 + low;
        return;
      end if;
    end loop;
  end if;
  if word ~ '^[0-9]+$' then
    -- atoi(); anything past 9 digits is out of every field's range anyway
    num := case when pg_catalog.length(pg_catalog.ltrim(word, '0')) > 9 then 2147483647 else word::int end;
    return;
  end if;
  ch := -1;
end
$$;

-- get_list(): ranges separated by commas, each `*`, `n`, `n-m`, with an optional
-- `/step` after `*` or a range; then the rest of the field up to a blank is
-- skipped, and the blanks after it. bits are offsets from low; ch = -1 on error.
create or replace function _local_stack.cron_list(s text, inout p int, inout ch int, low int, high int, names text[], out bits int[])
  language plpgsql immutable set search_path = '' as $$
declare
  num1 int;
  num2 int;
  num3 int;
  first int;
  last int;
  single boolean;
begin
  bits := '{}';
  loop
    single := false;
    if ch = 42 then -- '*'
      num1 := low;
      num2 := high;
      select c.p, c.ch into p, ch from _local_stack.cron_char(s, p) c;
      if ch = -1 then return; end if;
    else
      select x.p, x.ch, x.num into p, ch, num1 from _local_stack.cron_number(s, p, ch, low, names) x;
      if ch = -1 then return; end if;
      if ch <> 45 then -- not '-': a single number; a step needs a range
        if ch = 47 or num1 < low or num1 > high then
          ch := -1;
          return;
        end if;
        bits := bits || (num1 - low);
        single := true;
      else
        select c.p, c.ch into p, ch from _local_stack.cron_char(s, p) c;
        if ch = -1 then return; end if;
        select x.p, x.ch, x.num into p, ch, num2 from _local_stack.cron_number(s, p, ch, low, names) x;
        if ch = -1 then return; end if;
      end if;
    end if;
    if not single then
      if ch = 47 then -- '/'
        select c.p, c.ch into p, ch from _local_stack.cron_char(s, p) c;
        if ch = -1 then return; end if;
        select x.p, x.ch, x.num into p, ch, num3 from _local_stack.cron_number(s, p, ch, 0, null) x;
        if ch = -1 or num3 <= 0 then
          ch := -1;
          return;
        end if;
      else
        num3 := 1;
      end if;
      if num1 < low or num1 > high or num2 < low or num2 > high or num3 < 0 or num3 > high then
        ch := -1;
        return;
      end if;
      first := num1 - low;
      last := num2 - low;
      if num3 = 1 then
        if first <= last then
          bits := bits || array(select pg_catalog.generate_series(first, last));
        elsif first / 8 <> last / 8 then
          -- bit_nset() with start past stop in another byte: the rest of start's
          -- byte and the beginning of stop's byte
          bits := bits || array(select pg_catalog.generate_series(first, first / 8 * 8 + 7))
            || array(select pg_catalog.generate_series(last / 8 * 8, last));
        end if;
      else
        bits := bits || array(select pg_catalog.generate_series(first, last, num3));
      end if;
    end if;
    exit when ch <> 44; -- ','
    select c.p, c.ch into p, ch from _local_stack.cron_char(s, p) c;
  end loop;
  while ch not in (9, 32, 10, -1, 0) loop
    select c.p, c.ch into p, ch from _local_stack.cron_char(s, p) c;
  end loop;
  while ch in (9, 32) loop
    select c.p, c.ch into p, ch from _local_stack.cron_char(s, p) c;
  end loop;
  select pg_catalog.array_agg(distinct b order by b) into bits from pg_catalog.unnest(bits) b;
  bits := coalesce(bits, '{}');
end
$$;

-- A schedule as pg_cron's ParseSchedule() reads it: a cron entry (parse_cron_entry),
-- else '[1-59] second[s]' (TryParseInterval); null when it is neither. The result
-- holds each field's matching values as offsets from its first value (minute 0,
-- hour 0, day 1, month 1, weekday 0 = Sunday, also 7), Vixie cron's flags
-- (min_star, hr_star, dom_star, dow_star, dom_last for `$`, reboot), or seconds.
create or replace function _local_stack.cron_parse_schedule(schedule text) returns jsonb
  language plpgsql immutable set search_path = '' as $$
declare
  p int := 0;
  ch int;
  cmd text := '';
  minute int[] := '{}';
  hour int[] := '{}';
  dom int[] := '{}';
  month int[] := '{}';
  dow int[] := '{}';
  min_star boolean := false;
  hr_star boolean := false;
  dom_star boolean := false;
  dow_star boolean := false;
  dom_last boolean := false;
  reboot boolean := false;
  month_names constant text[] := '{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec}';
  dow_names constant text[] := '{Sun,Mon,Tue,Wed,Thu,Fri,Sat,Sun}';
  m text[];
  secs numeric;
begin
  if schedule is null then
    return null;
  end if;
  <<cron_entry>>
  begin
    if pg_catalog.octet_length(schedule) >= 1000 then
      exit cron_entry;
    end if;
    -- skip_comments(): blank lines and lines starting with '#'
    loop
      select c.p, c.ch into p, ch from _local_stack.cron_char(schedule, p) c;
      exit when ch = -1;
      while ch in (32, 9) loop
        select c.p, c.ch into p, ch from _local_stack.cron_char(schedule, p) c;
      end loop;
      exit when ch = -1;
      exit when ch <> 10 and ch <> 35;
      while ch <> 10 and ch <> -1 loop
        select c.p, c.ch into p, ch from _local_stack.cron_char(schedule, p) c;
      end loop;
    end loop;
    if ch <> -1 then
      p := p - 1; -- unget_char()
    end if;
    select c.p, c.ch into p, ch from _local_stack.cron_char(schedule, p) c;
    exit cron_entry when ch = -1;

    if ch = 64 then -- '@'
      loop
        select c.p, c.ch into p, ch from _local_stack.cron_char(schedule, p) c;
        exit when ch in (-1, 0, 9, 10, 32);
        cmd := cmd || pg_catalog.chr(ch);
      end loop;
      if cmd in ('reboot', 'restart') then
        reboot := true;
      elsif cmd in ('yearly', 'annually') then
        -- set_element(e->month, FIRST_MONTH, LAST_MONTH, FIRST_MINUTE) fails in
        -- pg_cron, so no month is set: such a job never runs.
        minute := '{0}'; hour := '{0}'; dom := '{0}';
        dow := '{0,1,2,3,4,5,6,7}'; dow_star := true;
      elsif cmd = 'monthly' then
        minute := '{0}'; hour := '{0}'; dom := '{0}';
        month := '{0,1,2,3,4,5,6,7,8,9,10,11}';
        dow := '{0,1,2,3,4,5,6,7}'; dow_star := true;
      elsif cmd = 'weekly' then
        minute := '{0}'; hour := '{0}';
        dom := array(select pg_catalog.generate_series(0, 30));
        month := '{0,1,2,3,4,5,6,7,8,9,10,11}';
        dow := '{0}'; dow_star := true;
      elsif cmd in ('daily', 'midnight') then
        minute := '{0}'; hour := '{0}';
        dom := array(select pg_catalog.generate_series(0, 30));
        month := '{0,1,2,3,4,5,6,7,8,9,10,11}';
        dow := '{0,1,2,3,4,5,6,7}';
      elsif cmd = 'hourly' then
        minute := '{0}';
        hour := array(select pg_catalog.generate_series(0, 23));
        dom := array(select pg_catalog.generate_series(0, 30));
        month := '{0,1,2,3,4,5,6,7,8,9,10,11}';
        dow := '{0,1,2,3,4,5,6,7}'; hr_star := true;
      else
        exit cron_entry;
      end if;
    else
      min_star := ch = 42;
      select l.p, l.ch, l.bits into p, ch, minute from _local_stack.cron_list(schedule, p, ch, 0, 59, null) l;
      exit cron_entry when ch = -1;
      hr_star := ch = 42;
      select l.p, l.ch, l.bits into p, ch, hour from _local_stack.cron_list(schedule, p, ch, 0, 23, null) l;
      exit cron_entry when ch = -1;
      if ch = 36 then -- '$': the last day of the month
        select c.p, c.ch into p, ch from _local_stack.cron_char(schedule, p) c;
        exit cron_entry when ch not in (9, 32);
        while ch in (9, 32) loop
          select c.p, c.ch into p, ch from _local_stack.cron_char(schedule, p) c;
        end loop;
        dom_last := true;
      else
        dom_star := ch = 42;
        select l.p, l.ch, l.bits into p, ch, dom from _local_stack.cron_list(schedule, p, ch, 1, 31, null) l;
      end if;
      exit cron_entry when ch = -1;
      select l.p, l.ch, l.bits into p, ch, month from _local_stack.cron_list(schedule, p, ch, 1, 12, month_names) l;
      exit cron_entry when ch = -1;
      dow_star := ch = 42;
      select l.p, l.ch, l.bits into p, ch, dow from _local_stack.cron_list(schedule, p, ch, 0, 7, dow_names) l;
      exit cron_entry when ch = -1;
    end if;
    -- make sundays equivalent
    if 0 = any (dow) or 7 = any (dow) then
      select pg_catalog.array_agg(distinct d order by d) into dow from pg_catalog.unnest(dow || '{0,7}'::int[]) d;
    end if;
    return pg_catalog.jsonb_build_object(
      'minute', minute, 'hour', hour, 'dom', dom, 'month', month, 'dow', dow,
      'min_star', min_star, 'hr_star', hr_star, 'dom_star', dom_star, 'dow_star', dow_star,
      'dom_last', dom_last, 'reboot', reboot);
  end;

  -- TryParseInterval(): sscanf(lower(schedule), " %u secon%c%c %c", ...) gives 2
  -- ("N second") or 3 with an 's' ("N seconds", then only blanks), 0 < N < 60.
  m := pg_catalog.regexp_match(pg_catalog.lower(schedule), '^\s*([+-]?[0-9]+)\s*secon(.*)$');
  if m is null or pg_catalog.left(m[2], 1) <> 'd' then
    return null;
  end if;
  if pg_catalog.length(m[2]) > 1 and (pg_catalog.substr(m[2], 2, 1) <> 's' or pg_catalog.substr(m[2], 3) !~ '^\s*$') then
    return null;
  end if;
  secs := m[1]::numeric;
  if secs <= 0 or secs >= 60 then
    return null;
  end if;
  return pg_catalog.jsonb_build_object('seconds', secs::int);
end
$$;

-- Who calls: pg_cron's GetUserId(). These functions run as their owner (as pg_cron's
-- switch to the extension owner does), so the caller is the role the session set
-- (SET ROLE, or PostgREST's set_config('role', ...)), else the session's user.
create or replace function _local_stack.cron_caller() returns text
  language sql stable set search_path = '' as $$
  select case when pg_catalog.current_setting('role') = 'none' then session_user::text
              else pg_catalog.current_setting('role') end
$$;

create or replace function _local_stack.cron_check_schedule(schedule text) returns void
  language plpgsql immutable set search_path = '' as $$
begin
  if _local_stack.cron_parse_schedule(schedule) is null then
    raise exception 'invalid schedule: %', schedule
      using errcode = '22023', hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
end
$$;

-- GetRoleOidIfCanLogin()
create or replace function _local_stack.cron_check_login(username text) returns void
  language plpgsql stable set search_path = '' as $$
declare
  can_login boolean;
begin
  select r.rolcanlogin into can_login from pg_catalog.pg_roles r where r.rolname = username;
  if can_login is null then
    raise exception 'role "%" does not exist', username using errcode = 'XX000';
  elsif not can_login then
    raise exception 'role "%" can not log in', username
      using errcode = 'XX000', detail = 'Jobs may only be run by roles that have the LOGIN attribute.';
  end if;
end
$$;

create or replace function _local_stack.cron_check_connect(username text, database_name text) returns void
  language plpgsql stable set search_path = '' as $$
begin
  if not exists (select 1 from pg_catalog.pg_database d where d.datname = database_name) then
    raise exception 'database "%" does not exist', database_name using errcode = '3D000';
  end if;
  if not pg_catalog.has_database_privilege(username, database_name, 'CONNECT') then
    raise exception 'User % does not have CONNECT privilege on %', username, database_name using errcode = 'XX000';
  end if;
end
$$;

-- ScheduleCronJob(): a named job of the same user is updated (schedule, command, database).
create or replace function _local_stack.cron_schedule_job(
  job_name text, schedule text, command text, database_name text, job_user text, job_active boolean
) returns bigint
  language plpgsql security definer set search_path = '' as $$
declare
  caller text := _local_stack.cron_caller();
  username text := caller;
  job_id bigint;
begin
  perform _local_stack.cron_check_schedule(schedule);
  if job_user is not null then
    if not (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = caller) then
      raise exception 'must be superuser to create a job for another role' using errcode = 'XX000';
    end if;
    username := job_user;
    perform _local_stack.cron_check_login(username);
  end if;
  database_name := coalesce(database_name, pg_catalog.current_database());
  perform _local_stack.cron_check_connect(username, database_name);
  if job_name is null then
    insert into cron.job (schedule, command, nodename, nodeport, database, username, active)
    values (schedule, command, 'localhost', pg_catalog.current_setting('port')::int, database_name, username, job_active)
    returning jobid into job_id;
  else
    insert into cron.job (schedule, command, nodename, nodeport, database, username, active, jobname)
    values (schedule, command, 'localhost', pg_catalog.current_setting('port')::int, database_name, username, job_active, job_name)
    on conflict on constraint jobname_username_uniq do update
      set schedule = excluded.schedule, command = excluded.command, database = excluded.database
    returning jobid into job_id;
  end if;
  return job_id;
end
$$;

create or replace function cron.schedule(schedule text, command text) returns bigint
  language plpgsql strict security definer set search_path = '' as $$
begin
  return _local_stack.cron_schedule_job(null, schedule, command, null, null, true);
end
$$;
comment on function cron.schedule(text, text) is 'schedule a pg_cron job';

create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
  language plpgsql security definer set search_path = '' as $$
begin
  if job_name is null then raise exception 'job_name can not be NULL' using errcode = 'XX000'; end if;
  if schedule is null then raise exception 'schedule can not be NULL' using errcode = 'XX000'; end if;
  if command is null then raise exception 'command can not be NULL' using errcode = 'XX000'; end if;
  return _local_stack.cron_schedule_job(job_name, schedule, command, null, null, true);
end
$$;
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';

create or replace function cron.schedule_in_database(
  job_name text, schedule text, command text, database text, username text default null, active boolean default 'true'
) returns bigint
  language plpgsql security definer set search_path = '' as $$
begin
  if job_name is null then raise exception 'job_name can not be NULL' using errcode = 'XX000'; end if;
  if schedule is null then raise exception 'schedule can not be NULL' using errcode = 'XX000'; end if;
  if command is null then raise exception 'command can not be NULL' using errcode = 'XX000'; end if;
  return _local_stack.cron_schedule_job(job_name, schedule, command, database, username, coalesce(active, true));
end
$$;
comment on function cron.schedule_in_database(text, text, text, text, text, boolean) is 'schedule a pg_cron job';

-- EnsureDeletePermission(): another user's job needs DELETE on cron.job.
create or replace function _local_stack.cron_delete_job(job_id bigint, job_user text) returns boolean
  language plpgsql security definer set search_path = '' as $$
declare
  caller text := _local_stack.cron_caller();
begin
  if job_user is distinct from caller and not pg_catalog.has_table_privilege(caller, 'cron.job', 'DELETE') then
    raise exception 'permission denied for table job' using errcode = '42501';
  end if;
  delete from cron.job j where j.jobid = job_id;
  return true;
end
$$;

create or replace function cron.unschedule(job_id bigint) returns boolean
  language plpgsql strict security definer set search_path = '' as $$
declare
  job_user text;
begin
  select j.username into job_user from cron.job j where j.jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id using errcode = 'XX000';
  end if;
  return _local_stack.cron_delete_job(job_id, job_user);
end
$$;
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';

create or replace function cron.unschedule(job_name text) returns boolean
  language plpgsql strict security definer set search_path = '' as $$
declare
  caller text := _local_stack.cron_caller();
  job_id bigint;
begin
  select j.jobid into job_id from cron.job j where j.jobname = job_name and j.username = caller limit 1;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name using errcode = 'XX000';
  end if;
  return _local_stack.cron_delete_job(job_id, caller);
end
$$;
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';

-- AlterJob()
create or replace function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
) returns void
  language plpgsql security definer set search_path = '' as $$
declare
  caller text := _local_stack.cron_caller();
  superuser boolean := (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = caller);
  job_user text := coalesce(username, caller);
  changed int;
begin
  if job_id is null then
    raise exception 'job_id can not be NULL' using errcode = 'XX000';
  end if;
  if username is not null then
    if not superuser then
      raise exception 'must be superuser to alter username' using errcode = 'XX000';
    end if;
    perform _local_stack.cron_check_login(username);
  end if;
  if database is not null then
    perform _local_stack.cron_check_connect(job_user, database);
  end if;
  if schedule is not null then
    perform _local_stack.cron_check_schedule(schedule);
  end if;
  if num_nonnulls(schedule, command, database, username, active) = 0 then
    raise exception 'no updates specified' using errcode = 'XX000',
      hint = 'You must specify at least one job attribute to change when calling alter_job';
  end if;
  update cron.job j set
    database = coalesce(alter_job.database, j.database),
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id and (superuser or j.username = caller);
  get diagnostics changed = row_count;
  if changed = 0 then
    raise exception 'Job % does not exist or you don''t own it', job_id using errcode = 'XX000';
  end if;
end
$$;
comment on function cron.alter_job(bigint, text, text, text, text, boolean)
  is 'Alter the job identified by job_id. Any option left as NULL will not be modified.';

-- pg_cron invalidates its job cache; the stack's scheduler is told by NOTIFY.
create or replace function cron.job_cache_invalidate() returns trigger
  language plpgsql as $$
begin
  perform pg_catalog.pg_notify('_local_stack_cron', '');
  return null;
end
$$;
comment on function cron.job_cache_invalidate() is 'invalidate job cache';
drop trigger if exists cron_job_cache_invalidate on cron.job;
create trigger cron_job_cache_invalidate
  after insert or update or delete or truncate on cron.job
  for each statement execute function cron.job_cache_invalidate();

-- pg_cron's grants, then Supabase's (pg_cron/after-create.sql): only postgres uses the schema.
grant select on cron.job to public;
grant select, delete on cron.job_run_details to public;
grant select on sequence cron.jobid_seq, cron.runid_seq to public;
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;
revoke all on function cron.schedule_in_database(text, text, text, text, text, boolean) from public;
revoke all on function _local_stack.cron_schedule_job(text, text, text, text, text, boolean) from public;
revoke all on function _local_stack.cron_delete_job(bigint, text) from public;
grant usage on schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
grant all privileges on all tables in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;

select _local_stack.register_extension('pg_cron', '1.6', 'pg_catalog', '{cron}');
