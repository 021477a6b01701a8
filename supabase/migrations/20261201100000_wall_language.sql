-- A wall speaks its venue's language: player_playlist() names the venue's language
-- (customers.locale, en/es/de) beside its time zone, so a paired screen switches to it,
-- offline too (the playlist is kept on the device). Everything else it returns is unchanged.

create or replace function public.player_playlist(p_customer_id uuid DEFAULT NULL::uuid, p_device_id uuid DEFAULT NULL::uuid, p_at timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_own uuid := public.viewer_customer_id();
  v_screen_device uuid;
  v_customer public.customers;
  v_at timestamptz := coalesce(p_at, now());
  v_today date;
  v_slides jsonb;
  v_spots jsonb;
  v_loop integer;
  v_fallback jsonb;
begin
  if p_customer_id is not null and p_customer_id is distinct from v_own and not public.team_can('read') then
    raise exception 'Only admins can read another venue''s playlist.'
      using errcode = '42501';
  end if;

  if auth.uid() is not null then
    select e.id into v_screen_device from public.equipment_status e where e.screen_user_id = auth.uid();
  end if;
  v_screen_device := coalesce(v_screen_device, p_device_id);

  select * into v_customer from public.customers c where c.id = coalesce(p_customer_id, v_own);
  if not found then
    return jsonb_build_object('version', '', 'customer', null, 'today', null, 'now', v_at, 'slides', '[]'::jsonb,
                              'loop_seconds', null, 'spots', '[]'::jsonb, 'fallback', null);
  end if;

  v_today := (v_at at time zone v_customer.time_zone)::date;
  if v_screen_device is not null then
    select e.loop_seconds into v_loop
    from public.equipment_status e
    where e.id = v_screen_device and e.customer_id = v_customer.id;
  end if;

  with live as (
    select c.*, public.campaign_windows_json(c.id) as windows
    from public.campaigns c
    where c.customer_id = v_customer.id
      and c.status in ('active', 'scheduled')
      and (c.start_date is null or c.start_date <= v_today + 7)
      and (c.end_date is null or c.end_date >= v_today)
      and (
        v_screen_device is null
        or c.plays_on = 'all'
        or exists (select 1 from public.campaign_screens s where s.campaign_id = c.id and s.device_id = v_screen_device)
      )
  )
  select coalesce(
           jsonb_agg(
             jsonb_build_object(
               'id', i.id,
               'campaign_id', i.campaign_id,
               'content_type', i.content_type,
               'slide_type', i.slide_type,
               'title', i.title,
               'content', i.content,
               'image_url', i.image_url,
               'media_kind', i.media_kind,
               'display_order', i.display_order,
               'duration', i.duration,
               'priority', i.priority,
               'is_active', i.is_active,
               'settings', i.settings,
               'updated_at', i.updated_at,
               'campaign_start_date', c.start_date,
               'campaign_end_date', c.end_date,
               'campaign_status', c.status,
               'campaign_priority', c.priority,
               'campaign_windows', c.windows,
               'on_air', public.campaign_plays_at(c.status, c.start_date, c.end_date, c.windows, v_customer.time_zone, v_at)
             )
             order by c.priority desc, i.display_order, c.created_at, c.id, i.id
           ),
           '[]'::jsonb
         )
    into v_slides
  from live c
  join public.campaign_items i on i.campaign_id = c.id
  where i.is_active;

  select coalesce(jsonb_agg(n.spot order by n.spot ->> 'campaign_id'), '[]'::jsonb)
    into v_spots
  from private.network_spots(v_customer.id, v_screen_device, v_at) n;

  v_fallback := private.venue_fallback(v_customer.id);

  -- The version names what the lists hold, not when they were read (on_air changes with the clock).
  return jsonb_build_object(
    'version', md5(
      coalesce((select jsonb_agg(s - 'on_air') from jsonb_array_elements(v_slides) s), '[]'::jsonb)::text
      || coalesce((select jsonb_agg(s - 'on_air') from jsonb_array_elements(v_spots) s), '[]'::jsonb)::text
      || coalesce(v_loop::text, '')
      || coalesce(v_fallback::text, '')
    ),
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name, 'time_zone', v_customer.time_zone,
                                  'locale', v_customer.locale),
    'today', v_today,
    'now', v_at,
    'slides', v_slides,
    'loop_seconds', v_loop,
    'spots', v_spots,
    'fallback', v_fallback
  );
end
$$;

comment on function public.player_playlist(p_customer_id uuid, p_device_id uuid, p_at timestamp with time zone) is 'What plays at a venue: slides, its own active slides that can play today or within the next 7 days (status active or scheduled, not ended), in loop order (campaign priority, then display order), each with its campaign''s status, dates, windows, priority and on_air (whether it plays at p_at, now by default, by campaign_plays_at()); loop_seconds, the screen''s loop length (read for a screen: a paired screen''s own device, or p_device_id); spots, the network campaigns booked on that screen (or on any of the venue''s screens, with device_ids), each with spots_per_loop, spot_seconds, its schedule, on_air and its slides; fallback, the image the wall plays when nothing is on air ({image_path, source: venue or network}, or null); and customer, the venue (id, name, time_zone, and locale: the language its walls speak, en, es or de). Read for a screen, venue campaigns on chosen screens count only if that screen is one of them.';
