-- The network's scheduled jobs, run by pg_cron in the database (on a hosted project and in
-- the local stack alike); outgoing calls go through pg_net.
--   screen-checks (every minute): offline / back-online alerts and their e-mails, uptime.
--   network-upkeep (every hour, at :07): play partitions and retention, roll-up retention,
--   today's snapshot of the dashboard's figures.
-- A job's runs are in cron.job_run_details.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

create or replace function public.run_screen_checks()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return public.check_screen_heartbeats() || jsonb_build_object('uptime_samples', public.sample_screen_uptime());
end
$$;

comment on function public.run_screen_checks() is
  'The screen-checks job (every minute): check_screen_heartbeats() and sample_screen_uptime().';

create or replace function public.run_network_upkeep()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'partitions', public.maintain_play_partitions(),
    'rollups_pruned', public.prune_play_rollups(),
    'figures_day', public.take_daily_figures()
  );
end
$$;

comment on function public.run_network_upkeep() is
  'The network-upkeep job (hourly): play partitions and retention, roll-up retention, today''s daily figures.';

revoke all on function public.run_screen_checks() from public, anon, authenticated;
revoke all on function public.run_network_upkeep() from public, anon, authenticated;
grant execute on function public.run_screen_checks() to service_role;
grant execute on function public.run_network_upkeep() to service_role;

select cron.schedule('screen-checks', '* * * * *', 'select public.run_screen_checks()');
select cron.schedule('network-upkeep', '7 * * * *', 'select public.run_network_upkeep()');

-- Today's figures exist from the start.
select public.take_daily_figures();
