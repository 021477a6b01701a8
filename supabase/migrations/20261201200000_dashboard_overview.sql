-- The admin's first screen in one round trip: dashboard_overview() returns what the side
-- menu, the top bar's bell and the dashboard's first view show (network_summary(),
-- dashboard_figures(), the newest unresolved alerts and the newest ads), so a member who
-- signs in waits for one answer instead of five. The same gate as the functions it joins:
-- the team reads it, money only for the roles that may see money (dashboard_figures()
-- leaves revenue out for the others).

create function public.dashboard_overview(p_list_size integer default 5)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_size integer := least(greatest(coalesce(p_list_size, 5), 1), 50);
begin
  if not public.team_can('read') then
    raise exception 'Only the team can read the network''s figures.' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'summary', public.network_summary(),
    'figures', public.dashboard_figures(),
    -- As the System Alerts panel lists them: unresolved, newest first, with the venue's name.
    'alerts', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'id', a.id,
        'alert_type', a.alert_type,
        'severity', a.severity,
        'message', a.message,
        'resolved', a.resolved,
        'created_at', a.created_at,
        'device_id', a.device_id,
        'customers', case when c.id is null then null
          else jsonb_build_object('name', c.name, 'location', c.location) end
      ) order by a.created_at desc, a.id), '[]'::jsonb)
      from (
        select * from public.system_alerts s
        where not s.resolved
        order by s.created_at desc, s.id
        limit v_size
      ) a
      left join public.customers c on c.id = a.customer_id
    ),
    -- As the Recent Ad Activity panel lists them: newest first, with the advertiser's names.
    'ads', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'id', d.id,
        'title', d.title,
        'status', d.status,
        'created_at', d.created_at,
        'advertisers', case when v.id is null then null
          else jsonb_build_object('advertiser_name', v.advertiser_name, 'business_name', v.business_name) end
      ) order by d.created_at desc, d.id), '[]'::jsonb)
      from (
        select * from public.ads x
        order by x.created_at desc, x.id
        limit v_size
      ) d
      left join public.advertisers v on v.id = d.advertiser_id
    )
  );
end
$$;

comment on function public.dashboard_overview(integer) is 'Admin first screen in one call: summary (network_summary()), figures (dashboard_figures(), money only for admin and sales), the newest unresolved alerts and the newest ads (p_list_size each, 5 by default). Team only (42501 otherwise).';

revoke all on function public.dashboard_overview(integer) from public;
grant execute on function public.dashboard_overview(integer) to authenticated;
grant execute on function public.dashboard_overview(integer) to service_role;
