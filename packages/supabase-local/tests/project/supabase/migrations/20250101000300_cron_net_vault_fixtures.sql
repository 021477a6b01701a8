-- What the pg_cron, pg_net and Vault tests (cron-net-vault.test.ts) call through REST,
-- as a project's own functions would.
create table public.cron_fixture_ticks (
  id bigserial primary key,
  job text not null,
  at timestamptz not null default now()
);
comment on table public.cron_fixture_ticks is 'Rows scheduled jobs insert in the pg_cron tests.';
alter table public.cron_fixture_ticks enable row level security;

-- Queues a POST with pg_net, then waits `pause_seconds` before the transaction ends,
-- and fails it on demand (its request is then rolled back with it).
create function public.fixture_net_post(url text, payload jsonb, fail boolean default false, pause_seconds float8 default 0)
  returns bigint
  language plpgsql
  as $$
declare
  request_id bigint;
begin
  request_id := net.http_post(
    url := url,
    body := payload,
    headers := jsonb_build_object('Content-Type', 'application/json', 'X-Fixture', 'pg_net test')
  );
  perform pg_sleep(pause_seconds);
  if fail then
    raise exception 'rolled back on purpose';
  end if;
  return request_id;
end
$$;

-- Reads a secret as the caller (security invoker): only roles Vault admits succeed.
create function public.fixture_vault_secret(secret_name text)
  returns text
  language sql
  as $$ select decrypted_secret from vault.decrypted_secrets where name = secret_name $$;

-- Lists the caller's cron jobs (security invoker).
create function public.fixture_cron_jobs()
  returns setof text
  language sql
  as $$ select jobname from cron.job $$;

-- The project's URL in Vault as `project_url`, for scheduled jobs that call the project:
-- config.toml's [db.vault] sets it on start from SUPABASE_PROJECT_URL (a test stack's own
-- address); without that variable it is the CLI's default API address.
select vault.create_secret('http://127.0.0.1:54321', 'project_url')
where not exists (select 1 from vault.secrets where name = 'project_url');
