-- Offline and back-online alerts made by the server.
--  * alert_settings (one row) and alert_recipients: after how many silent minutes a screen
--    counts as gone, whether alerts are e-mailed, and to which admins. Admins only.
--  * check_screen_heartbeats(), run every minute by pg_cron (20261125100300_network_jobs.sql),
--    raises one 'offline' alert per silence of a screen (severity by how long it has been
--    silent), and when heartbeats return marks it resolved and adds a 'back_online' alert.
--    A silence is named by the last heartbeat before it (system_alerts.silent_since), and a
--    unique index allows one offline and one back-online alert per silence: a job run twice,
--    or again after a restart, never makes a second one.
--  * The alerts to e-mail are marked 'pending'; the job asks the alert-emails edge function
--    (through pg_net, with the project URL and key from Vault) to send them, one e-mail per
--    recipient listing every new alert, so fifty screens dropping at once make one e-mail.

-- Settings ---------------------------------------------------------------------------
create table public.alert_settings (
  id boolean primary key default true
    constraint alert_settings_single_row check (id),
  offline_after_minutes integer not null default 5
    constraint alert_settings_offline_after_minutes_between_3_and_1440
    check (offline_after_minutes between 3 and 1440),
  email_enabled boolean not null default true,
  portal_url text
    constraint alert_settings_portal_url_is_http
    check (portal_url is null or portal_url ~ '^https?://[^\s/]+(/[^\s]*)?$'),
  updated_at timestamptz not null default now()
);

comment on table public.alert_settings is
  'The network''s alert settings (one row): a screen silent for offline_after_minutes raises an offline alert; alerts are e-mailed to alert_recipients when email_enabled; links in e-mails open portal_url.';
comment on column public.alert_settings.offline_after_minutes is
  'Minutes without a heartbeat before a screen raises an offline alert (3 to 1440; players beat every minute).';
comment on column public.alert_settings.portal_url is
  'Address of the admin portal, for links in alert e-mails (for example https://portal.example.com).';

insert into public.alert_settings default values;

create trigger alert_settings_set_updated_at
  before update on public.alert_settings
  for each row execute function public.set_updated_at();

alter table public.alert_settings enable row level security;

create policy "Admins can read the alert settings"
  on public.alert_settings for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can change the alert settings"
  on public.alert_settings for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create table public.alert_recipients (
  user_id uuid primary key references public.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.alert_recipients is
  'Admins who receive alert e-mails (chosen in Settings).';

-- Only admins receive alerts: a clear refusal rather than a silent drop.
create or replace function public.check_alert_recipient()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.users u where u.id = new.user_id and u.role = 'admin') then
    raise exception 'Only admins can receive alert e-mails.'
      using errcode = '23514', constraint = 'alert_recipients_user_is_admin',
            table = 'alert_recipients', column = 'user_id', schema = 'public';
  end if;
  return new;
end
$$;

create trigger alert_recipients_check_admin
  before insert or update on public.alert_recipients
  for each row execute function public.check_alert_recipient();

alter table public.alert_recipients enable row level security;

create policy "Admins can read the alert recipients"
  on public.alert_recipients for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins can add alert recipients"
  on public.alert_recipients for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins can remove alert recipients"
  on public.alert_recipients for delete
  to authenticated
  using ((select public.is_admin()));

-- Saves the settings and the recipients together (the Settings page's one call).
create or replace function public.save_alert_settings(
  p_offline_after_minutes integer,
  p_email_enabled boolean,
  p_recipient_ids uuid[],
  p_portal_url text default null
)
returns public.alert_settings
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_row public.alert_settings;
begin
  if not public.is_admin() then
    raise exception 'Only admins can change the alert settings.' using errcode = '42501';
  end if;
  if p_offline_after_minutes is null or p_offline_after_minutes not between 3 and 1440 then
    raise exception 'Alert after must be between 3 and 1440 minutes (got %).', coalesce(p_offline_after_minutes::text, 'nothing')
      using errcode = '23514', constraint = 'alert_settings_offline_after_minutes_between_3_and_1440',
            table = 'alert_settings', column = 'offline_after_minutes', schema = 'public';
  end if;
  if p_email_enabled and coalesce(cardinality(p_recipient_ids), 0) = 0 then
    raise exception 'Choose at least one admin to e-mail, or turn e-mails off.'
      using errcode = '23514', constraint = 'alert_settings_recipients_when_email_enabled',
            table = 'alert_recipients', column = 'user_id', schema = 'public';
  end if;

  update public.alert_settings s
  set offline_after_minutes = p_offline_after_minutes,
      email_enabled = coalesce(p_email_enabled, false),
      portal_url = coalesce(nullif(btrim(p_portal_url), ''), s.portal_url)
  where s.id
  returning * into v_row;

  delete from public.alert_recipients r where not (r.user_id = any (coalesce(p_recipient_ids, '{}')));
  insert into public.alert_recipients (user_id)
  select distinct u from unnest(coalesce(p_recipient_ids, '{}')) u
  on conflict (user_id) do nothing;

  return v_row;
end
$$;

comment on function public.save_alert_settings(integer, boolean, uuid[], text) is
  'Settings page: saves the offline threshold, e-mail switch, portal address and the admins to e-mail, together. Admins only.';

revoke all on function public.save_alert_settings(integer, boolean, uuid[], text) from public, anon;
grant execute on function public.save_alert_settings(integer, boolean, uuid[], text) to authenticated;

-- Alerts about a device ----------------------------------------------------------------
alter table public.system_alerts
  add column device_id uuid
    constraint system_alerts_device_id_fkey references public.equipment_status (id) on delete set null,
  add column silent_since timestamptz,
  add column ended_at timestamptz,
  add column resolved_at timestamptz,
  add column email_state text
    constraint system_alerts_email_state_is_known
    check (email_state in ('pending', 'sent', 'skipped', 'failed')),
  add column email_attempts integer not null default 0,
  add column email_claimed_at timestamptz,
  add column emailed_at timestamptz;

comment on column public.system_alerts.device_id is 'The screen the alert is about (offline and back-online alerts).';
comment on column public.system_alerts.silent_since is
  'Offline and back-online alerts: the screen''s last heartbeat before its silence; one alert of each kind per silence.';
comment on column public.system_alerts.ended_at is 'Offline alerts: the first heartbeat after the silence.';
comment on column public.system_alerts.resolved_at is 'When the alert was resolved (by an admin, or by the screen coming back).';
comment on column public.system_alerts.email_state is
  'null: not for e-mail; pending: to send; sent; skipped (e-mails off or nobody to tell); failed (gave up after retries).';

create index system_alerts_device_id_idx on public.system_alerts (device_id);
create unique index system_alerts_one_offline_per_silence
  on public.system_alerts (device_id, silent_since) where alert_type = 'offline';
create unique index system_alerts_one_back_online_per_silence
  on public.system_alerts (device_id, silent_since) where alert_type = 'back_online';
create index system_alerts_open_offline_idx
  on public.system_alerts (device_id) where alert_type = 'offline' and ended_at is null;
create index system_alerts_email_pending_idx
  on public.system_alerts (created_at) where email_state = 'pending';

-- resolved_at follows resolved, whoever changes it.
create or replace function public.stamp_alert_resolved_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.resolved and (tg_op = 'INSERT' or not old.resolved) then
    new.resolved_at := coalesce(new.resolved_at, now());
  elsif not new.resolved then
    new.resolved_at := null;
  end if;
  return new;
end
$$;

create trigger system_alerts_stamp_resolved_at
  before insert or update of resolved on public.system_alerts
  for each row execute function public.stamp_alert_resolved_at();

update public.system_alerts set resolved_at = created_at where resolved;

-- "12 minutes", "3 hours 5 minutes", "2 days 4 hours": how long a silence lasted.
create or replace function public.describe_duration(p_interval interval)
returns text
language sql
immutable
set search_path = ''
as $$
  with parts as (
    select
      floor(extract(epoch from p_interval) / 86400)::bigint as d,
      floor(mod(extract(epoch from p_interval)::numeric, 86400) / 3600)::bigint as h,
      floor(mod(extract(epoch from p_interval)::numeric, 3600) / 60)::bigint as m
  )
  select case
    when d > 0 then d || case when d = 1 then ' day' else ' days' end
      || case when h > 0 then ' ' || h || case when h = 1 then ' hour' else ' hours' end else '' end
    when h > 0 then h || case when h = 1 then ' hour' else ' hours' end
      || case when m > 0 then ' ' || m || case when m = 1 then ' minute' else ' minutes' end else '' end
    else greatest(m, 1) || case when m <= 1 then ' minute' else ' minutes' end
  end
  from parts
$$;

-- Severity of a silence by its length: medium, high after an hour.
create or replace function public.offline_severity(p_silent_for interval)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_silent_for >= interval '1 hour' then 'high' else 'medium' end
$$;

-- The job ------------------------------------------------------------------------------
-- Returns what it did: {raised, escalated, back_online, emails_requested}.
create or replace function public.check_screen_heartbeats()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_settings public.alert_settings;
  v_email_state text;
  v_back integer;
  v_raised integer;
  v_escalated integer;
  v_requested boolean;
begin
  select * into v_settings from public.alert_settings s where s.id;
  v_email_state := case
    when coalesce(v_settings.email_enabled, false) and exists (
      select 1 from public.alert_recipients r join public.users u on u.id = r.user_id where u.role = 'admin'
    ) then 'pending'
    else 'skipped'
  end;

  -- Heartbeats came back: the silence ends, its alert is resolved, and a back-online
  -- alert says so (once per silence, even when an admin resolved the offline alert first).
  with back as (
    update public.system_alerts a
    set ended_at = e.last_heartbeat,
        resolved = true
    from public.equipment_status e
    where a.alert_type = 'offline'
      and a.ended_at is null
      and a.device_id = e.id
      and e.last_heartbeat > a.silent_since
    returning a.device_id, a.customer_id, a.silent_since, e.last_heartbeat, e.device_name
  ),
  added as (
    insert into public.system_alerts (
      customer_id, device_id, alert_type, severity, message, resolved, silent_since, ended_at, email_state
    )
    select
      b.customer_id, b.device_id, 'back_online', 'low',
      format('%s%s is back online after %s offline.',
        b.device_name, coalesce(' at ' || c.name, ''), public.describe_duration(b.last_heartbeat - b.silent_since)),
      true, b.silent_since, b.last_heartbeat, v_email_state
    from back b
    left join public.customers c on c.id = b.customer_id
    on conflict do nothing
    returning 1
  )
  select count(*) into v_back from added;

  -- Screens silent past the threshold: one offline alert per silence.
  with added as (
    insert into public.system_alerts (
      customer_id, device_id, alert_type, severity, message, silent_since, email_state
    )
    select
      e.customer_id, e.id, 'offline', public.offline_severity(now() - e.last_heartbeat),
      format('%s%s is offline: no heartbeat for %s.',
        e.device_name, coalesce(' at ' || c.name, ''), public.describe_duration(now() - e.last_heartbeat)),
      e.last_heartbeat, v_email_state
    from public.equipment_status e
    left join public.customers c on c.id = e.customer_id
    where e.is_active
      and e.customer_id is not null
      and e.last_heartbeat is not null
      and e.last_heartbeat < now() - make_interval(mins => v_settings.offline_after_minutes)
    on conflict do nothing
    returning 1
  )
  select count(*) into v_raised from added;

  -- A silence that goes on past an hour becomes high severity (the same alert).
  with raised as (
    update public.system_alerts a
    set severity = 'high',
        message = format('%s%s is offline: no heartbeat for %s.',
          e.device_name, coalesce(' at ' || c.name, ''), public.describe_duration(now() - a.silent_since))
    from public.equipment_status e
    left join public.customers c on c.id = e.customer_id
    where a.alert_type = 'offline'
      and a.ended_at is null
      and not a.resolved
      and a.severity <> 'high'
      and a.device_id = e.id
      and public.offline_severity(now() - a.silent_since) = 'high'
    returning 1
  )
  select count(*) into v_escalated from raised;

  v_requested := public.request_alert_emails();

  return jsonb_build_object(
    'raised', v_raised,
    'escalated', v_escalated,
    'back_online', v_back,
    'emails_requested', v_requested
  );
end
$$;

comment on function public.check_screen_heartbeats() is
  'Every minute (pg_cron): raises an offline alert for each active screen silent past alert_settings.offline_after_minutes (one per silence), escalates long silences, resolves the alert and adds a back-online alert when heartbeats return, then asks for the e-mails.';

-- Asks the alert-emails edge function to send what is pending, through pg_net. The URL
-- and key come from Vault (project_url, service_role_key), as Supabase documents for
-- scheduled edge functions; without them nothing is sent and the alerts wait.
-- Pending alerts older than a day are no longer news: they are marked skipped.
create or replace function public.request_alert_emails()
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  update public.system_alerts a
  set email_state = 'skipped'
  where a.email_state = 'pending' and a.created_at < now() - interval '1 day';

  if not exists (
    select 1 from public.system_alerts a
    where a.email_state = 'pending'
      and (a.email_claimed_at is null or a.email_claimed_at < now() - interval '5 minutes')
  ) then
    return false;
  end if;

  select s.decrypted_secret into v_url from vault.decrypted_secrets s where s.name = 'project_url';
  select s.decrypted_secret into v_key from vault.decrypted_secrets s where s.name = 'service_role_key';
  if v_url is null or v_key is null then
    raise warning 'Alert e-mails wait: set the Vault secrets project_url and service_role_key (see README).';
    return false;
  end if;

  perform net.http_post(
    url := rtrim(v_url, '/') || '/functions/v1/alert-emails',
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key),
    body := jsonb_build_object('reason', 'alerts pending'),
    timeout_milliseconds := 30000
  );
  return true;
end
$$;

comment on function public.request_alert_emails() is
  'Calls the alert-emails edge function through pg_net when alerts wait to be e-mailed (URL and key from Vault).';

-- The edge function's side: takes the pending alerts (claimed for 5 minutes, so two
-- calls never send the same alert twice) with what the e-mail needs, and the recipients.
create or replace function public.claim_alert_emails(p_limit integer default 500)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_alerts jsonb;
  v_recipients jsonb;
  v_portal text;
begin
  with claimed as (
    update public.system_alerts a
    set email_claimed_at = now(),
        email_attempts = a.email_attempts + 1
    where a.id in (
      select p.id from public.system_alerts p
      where p.email_state = 'pending'
        and (p.email_claimed_at is null or p.email_claimed_at < now() - interval '5 minutes')
      order by p.created_at
      limit greatest(coalesce(p_limit, 500), 1)
      for update skip locked
    )
    returning a.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', a.id,
           'alert_type', a.alert_type,
           'severity', a.severity,
           'message', a.message,
           'created_at', a.created_at,
           'silent_since', a.silent_since,
           'ended_at', a.ended_at,
           'device_id', a.device_id,
           'device_name', e.device_name,
           'customer_name', c.name,
           'customer_location', c.location,
           'time_zone', coalesce(c.time_zone, 'UTC')
         ) order by a.created_at, e.device_name), '[]'::jsonb)
  into v_alerts
  from claimed a
  left join public.equipment_status e on e.id = a.device_id
  left join public.customers c on c.id = a.customer_id;

  select coalesce(jsonb_agg(u.email order by u.email), '[]'::jsonb) into v_recipients
  from public.alert_recipients r
  join public.users u on u.id = r.user_id
  where u.role = 'admin' and u.email is not null;

  select s.portal_url into v_portal from public.alert_settings s where s.id;

  return jsonb_build_object('alerts', v_alerts, 'recipients', v_recipients, 'portal_url', v_portal);
end
$$;

comment on function public.claim_alert_emails(integer) is
  'alert-emails edge function: claims the pending alerts for 5 minutes and returns them with the recipients'' addresses and the portal address.';

-- What became of claimed alerts: 'sent'; 'skipped' (nobody to e-mail any more); 'retry'
-- (released for the next call, given up as 'failed' after 5 attempts).
create or replace function public.finish_alert_emails(p_ids uuid[], p_outcome text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if p_outcome is null or p_outcome not in ('sent', 'skipped', 'retry') then
    raise exception 'The outcome must be sent, skipped or retry (got %).', coalesce(p_outcome, 'nothing')
      using errcode = '22023';
  end if;
  update public.system_alerts a
  set email_state = case
        when p_outcome in ('sent', 'skipped') then p_outcome
        when a.email_attempts >= 5 then 'failed'
        else 'pending'
      end,
      emailed_at = case when p_outcome = 'sent' then now() else a.emailed_at end,
      email_claimed_at = null
  where a.id = any (coalesce(p_ids, '{}')) and a.email_state = 'pending';
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

comment on function public.finish_alert_emails(uuid[], text) is
  'alert-emails edge function: marks claimed alerts sent or skipped, or releases them for a retry (failed after 5 attempts).';

revoke all on function public.check_screen_heartbeats() from public, anon, authenticated;
revoke all on function public.request_alert_emails() from public, anon, authenticated;
revoke all on function public.claim_alert_emails(integer) from public, anon, authenticated;
revoke all on function public.finish_alert_emails(uuid[], text) from public, anon, authenticated;
grant execute on function public.check_screen_heartbeats() to service_role;
grant execute on function public.claim_alert_emails(integer) to service_role;
grant execute on function public.finish_alert_emails(uuid[], text) to service_role;
