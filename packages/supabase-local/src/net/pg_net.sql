-- pg_net 0.20 (supabase/pg_net: sql/pg_net.sql, the state its upgrade scripts reach)
-- with the grants Supabase's `issue_pg_net_access` event trigger gives it
-- (supabase/postgres, 00000000000003-post-setup.sql). Its C functions are SQL
-- here; its background worker is the stack's Node process
-- (supabase/local/net/worker.ts), woken by net.wake()'s NOTIFY, which Postgres
-- delivers only when the transaction commits. Idempotent: re-applied with platform.sql.

create schema if not exists net;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'net' and t.typname = 'http_method') then
    create domain net.http_method as text
    check (
      value ilike 'get'
      or value ilike 'post'
      or value ilike 'delete'
    );
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'net' and t.typname = 'request_status') then
    create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'net' and t.typname = 'http_response') then
    create type net.http_response as (
      status_code integer,
      headers jsonb,
      body text
    );
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'net' and t.typname = 'http_response_result') then
    create type net.http_response_result as (
      status net.request_status,
      message text,
      response net.http_response
    );
  end if;
end
$$;

-- Store pending requests. The background worker reads from here
-- API: Private
create unlogged table if not exists net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

-- Associates a response with a request
-- API: Private
create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created_idx on net._http_response (created);

-- pg_net asks pg_stat_activity for its background worker; here the worker is part
-- of the stack's process, so it is up whenever the stack runs.
create or replace function net.check_worker_is_up() returns void as $$
begin
end
$$ language plpgsql;
comment on function net.check_worker_is_up() is 'raises an exception if the pg_net background worker is not up, otherwise it doesn''t return anything';

-- Blocks until an http_request is complete
-- API: Private
create or replace function net._await_response(
  request_id bigint
)
  returns bool
  language plpgsql
  parallel unsafe
as $$
declare
  rec net._http_response;
begin
  while rec is null loop
    select *
    into rec
    from net._http_response
    where id = request_id;

    if rec is null then
      -- PGlite runs one statement at a time: the stack's worker cannot send the
      -- request while this statement waits, so waiting would never end.
      if pg_catalog.version() like '%PGlite%' then
        raise exception 'net._await_response cannot wait on PGlite'
          using detail = 'The local stack''s pg_net worker sends requests between statements on PGlite.',
                hint = 'Read net._http_response in a later statement, or run the stack on PostgreSQL (DATABASE_URL).';
      end if;
      -- Wait 50 ms before checking again
      perform pg_sleep(0.05);
    end if;
  end loop;

  return true;
end;
$$;

-- url encode a string (curl_easy_escape: all but ALPHA DIGIT - . _ ~ as %XX)
-- API: Private
create or replace function net._urlencode_string(string varchar)
  -- url encoded string
  returns text
  language plpgsql
  immutable
as $$
declare
  bytes bytea;
  encoded text := '';
  b int;
begin
  if string is null then
    return null;
  end if;
  bytes := convert_to(string, 'UTF8');
  for i in 0 .. octet_length(bytes) - 1 loop
    b := get_byte(bytes, i);
    encoded := encoded || case
      when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126) then chr(b)
      else '%' || upper(lpad(to_hex(b), 2, '0'))
    end;
  end loop;
  return encoded;
end
$$;

-- The url with each param appended to its query (curl_url_set with
-- CURLU_APPENDQUERY, then curl_url_get): an empty path becomes '/'.
-- API: Private
create or replace function net._encode_url_with_params_array(url text, params_array text[])
  -- url encoded string
  returns text
  language plpgsql
  immutable
as $$
declare
  m text[];
  base text;
  query text;
  fragment text;
  param text;
begin
  if url is null or params_array is null then
    return null;
  end if;
  if url ~ '[\x01-\x20\x7f]' then
    raise exception 'invalid URL "%": Malformed input to a URL function', url using errcode = 'XX000';
  end if;
  m := regexp_match(url, '^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$');
  if m is null then
    raise exception 'invalid URL "%": Bad scheme', url using errcode = 'XX000';
  end if;
  base := lower(m[1]) || '://' || m[2] || case when m[3] = '' then '/' else m[3] end;
  query := nullif(substr(coalesce(m[4], ''), 2), '');
  fragment := coalesce(m[5], '');
  foreach param in array params_array loop
    continue when param is null;
    query := case when query is null then param else query || '&' || param end;
  end loop;
  return base || coalesce('?' || query, '') || fragment;
end
$$;

-- The worker restarts with the stack; asking it to is a no-op beyond a wake.
create or replace function net.worker_restart()
  returns bool
  language plpgsql
as $$
begin
  perform pg_notify('_local_stack_net', '');
  return true;
end
$$;

create or replace function net.wait_until_running()
  returns void
  language plpgsql
as $$
begin
end
$$;
comment on function net.wait_until_running() is 'waits until the worker is running';

-- pg_net wakes its worker when the transaction commits; so does NOTIFY.
create or replace function net.wake()
  returns void
  language plpgsql
as $$
begin
  perform pg_notify('_local_stack_net', '');
end
$$;

-- Interface to make an async request
-- API: Public
create or replace function net.http_get(
  -- url for the request
  url text,
  -- key/value pairs to be url encoded and appended to the `url`
  params jsonb default '{}'::jsonb,
  -- key/values to be included in request headers
  headers jsonb default '{}'::jsonb,
  -- the maximum number of milliseconds the request may take before being cancelled
  timeout_milliseconds int default 5000
)
  -- request_id reference
  returns bigint
  language plpgsql
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);

  -- Add to the request queue
  insert into net.http_request_queue(method, url, headers, timeout_milliseconds)
  values (
    'GET',
    net._encode_url_with_params_array(url, params_array),
    headers,
    timeout_milliseconds
  )
  returning id
  into request_id;

  perform net.wake();

  return request_id;
end
$$;

-- Interface to make an async request
-- API: Public
create or replace function net.http_post(
  -- url for the request
  url text,
  -- body of the POST request
  body jsonb default '{}'::jsonb,
  -- key/value pairs to be url encoded and appended to the `url`
  params jsonb default '{}'::jsonb,
  -- key/values to be included in request headers
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  -- the maximum number of milliseconds the request may take before being cancelled
  timeout_milliseconds int DEFAULT 5000
)
  -- request_id reference
  returns bigint
  language plpgsql
as $$
declare
  request_id bigint;
  params_array text[];
  content_type text;
begin

  -- Exctract the content_type from headers
  select
    header_value into content_type
  from
    jsonb_each_text(coalesce(headers, '{}'::jsonb)) r(header_name, header_value)
  where
    lower(header_name) = 'content-type'
  limit
    1;

  -- If the user provided new headers and omitted the content type
  -- add it back in automatically
  if content_type is null then
    select headers || '{"Content-Type": "application/json"}'::jsonb into headers;
  end if;

  -- Confirm that the content-type is set as "application/json"
  if content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;

  select
    coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into
    params_array
  from
    jsonb_each_text(params);

  -- Add to the request queue
  insert into net.http_request_queue(method, url, headers, body, timeout_milliseconds)
  values (
    'POST',
    net._encode_url_with_params_array(url, params_array),
    headers,
    convert_to(body::text, 'UTF8'),
    timeout_milliseconds
  )
  returning id
  into request_id;

  perform net.wake();

  return request_id;
end
$$;

-- Interface to make an async request
-- API: Public
create or replace function net.http_delete(
  -- url for the request
  url text,
  -- key/value pairs to be url encoded and appended to the `url`
  params jsonb default '{}'::jsonb,
  -- key/values to be included in request headers
  headers jsonb default '{}'::jsonb,
  -- the maximum number of milliseconds the request may take before being cancelled
  timeout_milliseconds int default 5000,
  -- optional body of the request
  body jsonb default NULL
)
  -- request_id reference
  returns bigint
  language plpgsql
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from jsonb_each_text(params);

  -- Add to the request queue
  insert into net.http_request_queue(method, url, headers, body, timeout_milliseconds)
  values (
    'DELETE',
    net._encode_url_with_params_array(url, params_array),
    headers,
    convert_to(body::text, 'UTF8'),
    timeout_milliseconds
  )
  returning id
  into request_id;

  perform net.wake();

  return request_id;
end
$$;

-- Collect respones of an http request
-- API: Private
create or replace function net._http_collect_response(
  -- request_id reference
  request_id bigint,
  -- when `true`, return immediately. when `false` wait for the request to complete before returning
  async bool default true
)
  -- http response composite wrapped in a result type
  returns net.http_response_result
  language plpgsql
  parallel unsafe
as $$
declare
  rec net._http_response;
  req_exists boolean;
begin

  if not async then
    perform net._await_response(request_id);
  end if;

  select *
  into rec
  from net._http_response
  where id = request_id;

  if rec is null or rec.error_msg is not null then
    -- The request is either still processing or the request_id provided does not exist

    -- TODO: request in progress is indistinguishable from request that doesn't exist

    -- No request matching request_id found
    return (
      'ERROR',
      coalesce(rec.error_msg, 'request matching request_id not found'),
      null
    )::net.http_response_result;

  end if;

  -- Return a valid, populated http_response_result
  return (
    'SUCCESS',
    'ok',
    (
      rec.status_code,
      rec.headers,
      rec.content
    )::net.http_response
  )::net.http_response_result;
end;
$$;

create or replace function net.http_collect_response(
  -- request_id reference
  request_id bigint,
  -- when `true`, return immediately. when `false` wait for the request to complete before returning
  async bool default true
)
  -- http response composite wrapped in a result type
  returns net.http_response_result
  language plpgsql
  parallel unsafe
as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  select net._http_collect_response(request_id, async);
end;
$$;

grant usage on schema net to PUBLIC;
grant all on all sequences in schema net to PUBLIC;
grant all on all tables in schema net to PUBLIC;

-- Supabase's grants (extensions.grant_pg_net_access, run when pg_net is created).
grant usage on schema net to postgres, anon, authenticated, service_role;
alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) security definer;
alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) security definer;
alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
revoke all on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
revoke all on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
grant execute on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) to postgres, anon, authenticated, service_role;
grant execute on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) to postgres, anon, authenticated, service_role;

select _local_stack.register_extension('pg_net', '0.20.4', 'extensions', '{net}');
