-- Weather, news and sports answers shared by every instance of the
-- dynamic-content edge function: one row per service and normalised request
-- (for example 'weather:new york'), fresh for a few minutes. A short lease
-- (refreshing_until) lets one instance refresh an expired entry while the
-- others serve the old one or wait, so the upstream services are called once
-- per key and period however many screens ask.

create table public.dynamic_content_cache (
  key text primary key,
  -- Null while the first fetch of a key is under way.
  payload jsonb,
  fetched_at timestamptz,
  expires_at timestamptz,
  refreshing_until timestamptz,
  constraint dynamic_content_cache_key_not_blank check (length(btrim(key)) > 0),
  constraint dynamic_content_cache_payload_times check (payload is null or (fetched_at is not null and expires_at is not null))
);

comment on table public.dynamic_content_cache is
  'Normalised third-party content (weather, news, sports) cached per service and request; read and written only by the dynamic-content edge function with the service role.';
comment on column public.dynamic_content_cache.refreshing_until is
  'Set while one function instance refreshes the entry; others do not call the upstream service until it passes.';

-- No policies: only the service role reaches it, through the functions below.
alter table public.dynamic_content_cache enable row level security;
revoke all on public.dynamic_content_cache from anon, authenticated;

-- The entry for p_key and whether the caller now holds its refresh lease.
-- A fresh entry (expires_at after p_now) is returned as it is. Otherwise the
-- caller claims the lease for p_lease_seconds unless another caller holds it;
-- the claim is one INSERT ... ON CONFLICT DO UPDATE ... WHERE, so of concurrent
-- callers exactly one gets claimed = true. p_now (the time freshness is judged
-- at) defaults to the database clock; the lease always runs on the database clock.
create or replace function public.dynamic_content_cache_lookup(
  p_key text,
  p_lease_seconds integer,
  p_now timestamptz default null
)
returns table (payload jsonb, fetched_at timestamptz, expires_at timestamptz, claimed boolean)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  -- Freshness is judged at p_now (content time); the lease runs on the database
  -- clock, since it bounds how long a real fetch may take.
  v_now timestamptz := coalesce(p_now, now());
begin
  return query
    select c.payload, c.fetched_at, c.expires_at, false
    from public.dynamic_content_cache c
    where c.key = p_key and c.payload is not null and c.expires_at > v_now;
  if found then
    return;
  end if;

  return query
    with claim as (
      insert into public.dynamic_content_cache as c (key, refreshing_until)
      values (p_key, now() + make_interval(secs => p_lease_seconds))
      on conflict (key) do update set refreshing_until = excluded.refreshing_until
        where (c.refreshing_until is null or c.refreshing_until <= now())
          and (c.payload is null or c.expires_at <= v_now)
      returning c.payload, c.fetched_at, c.expires_at
    )
    select claim.payload, claim.fetched_at, claim.expires_at, true from claim;
  if found then
    return;
  end if;

  -- Someone else is refreshing (or has just refreshed): whatever the row holds.
  return query
    select c.payload, c.fetched_at, c.expires_at, false
    from public.dynamic_content_cache c
    where c.key = p_key;
end;
$$;

comment on function public.dynamic_content_cache_lookup(text, integer, timestamptz) is
  'Returns the cached entry of a key; when it is missing or expired, claims its refresh lease (claimed = true) unless another caller holds it.';

-- Stores a fresh entry (fresh for p_ttl_seconds from p_now) and ends the lease;
-- with p_payload null, only ends the lease (the refresh failed) and keeps the old entry.
create or replace function public.dynamic_content_cache_store(
  p_key text,
  p_payload jsonb,
  p_ttl_seconds integer,
  p_now timestamptz default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, now());
begin
  if p_payload is null then
    update public.dynamic_content_cache set refreshing_until = null where key = p_key;
    return;
  end if;
  insert into public.dynamic_content_cache as c (key, payload, fetched_at, expires_at, refreshing_until)
  values (p_key, p_payload, v_now, v_now + make_interval(secs => p_ttl_seconds), null)
  on conflict (key) do update set
    payload = excluded.payload,
    fetched_at = excluded.fetched_at,
    expires_at = excluded.expires_at,
    refreshing_until = null;
end;
$$;

comment on function public.dynamic_content_cache_store(text, jsonb, integer, timestamptz) is
  'Saves a freshly fetched entry for p_ttl_seconds and releases the refresh lease; a null payload only releases the lease.';

revoke execute on function public.dynamic_content_cache_lookup(text, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.dynamic_content_cache_store(text, jsonb, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.dynamic_content_cache_lookup(text, integer, timestamptz) to service_role;
grant execute on function public.dynamic_content_cache_store(text, jsonb, integer, timestamptz) to service_role;
