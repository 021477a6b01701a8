-- Video slides:
--  * Videos (mp4, webm) live in a bucket of their own, ad-videos, private, up to 100 MiB a
--    file. Storage's limits are per bucket, so a bucket of their own lets Storage enforce
--    both limits: ad-images keeps its 5 MiB for pictures, ad-videos takes videos only.
--    The poster frame of each video is a JPEG in ad-images at posters/<video name>.jpg,
--    made by the slide editor when the video is uploaded (the video's length, width and
--    height go with it in the video object's user metadata).
--  * A slide says which kind of file image_url names: campaign_items.media_kind 'image' (a
--    file of ad-images, as before) or 'video' (a file of ad-videos). A video slide needs
--    its file. Its duration is the slide's, within the same 5 to 300 seconds: a shorter
--    video loops, a longer one is cut (README, "Video slides").
--  * save_campaign_slides() and player_playlist() carry media_kind; venues and their paired
--    screens read the videos of their own slides, as they read their images.

-- The bucket -------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('ad-videos', 'ad-videos', false, 104857600, array['video/mp4', 'video/webm'])
on conflict (id) do nothing;

alter policy "Admins can read product files" on storage.objects
  using (bucket_id in ('ad-images', 'ad-videos', 'customer-files', 'advertiser-logos') and (select public.is_admin()));
alter policy "Admins can upload product files" on storage.objects
  with check (bucket_id in ('ad-images', 'ad-videos', 'customer-files', 'advertiser-logos') and (select public.is_admin()));
alter policy "Admins can replace product files" on storage.objects
  using (bucket_id in ('ad-images', 'ad-videos', 'customer-files', 'advertiser-logos') and (select public.is_admin()))
  with check (bucket_id in ('ad-images', 'ad-videos', 'customer-files', 'advertiser-logos') and (select public.is_admin()));
alter policy "Admins can delete product files" on storage.objects
  using (bucket_id in ('ad-images', 'ad-videos', 'customer-files', 'advertiser-logos') and (select public.is_admin()));

-- The slide's kind of media ----------------------------------------------------------------
alter table public.campaign_items
  add column media_kind text not null default 'image'
    constraint campaign_items_media_kind_is_known check (media_kind in ('image', 'video')),
  add constraint campaign_items_video_has_file check (media_kind <> 'video' or image_url is not null);

comment on column public.campaign_items.media_kind is
  'What image_url names: ''image'', a file of the ad-images bucket, or ''video'', a file of the ad-videos bucket (a video slide needs its file).';
comment on column public.campaign_items.image_url is
  'Path of the slide''s file: in the ad-images bucket for an image, in ad-videos for a video (media_kind).';

-- Plain-English messages for the media rules; the CHECK constraints stay as the final guard.
create or replace function public.check_campaign_item_media()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.media_kind is not null and new.media_kind not in ('image', 'video') then
    raise exception 'Unknown media kind "%": use image or video.', new.media_kind
      using errcode = '23514', constraint = 'campaign_items_media_kind_is_known',
            table = 'campaign_items', column = 'media_kind', schema = 'public';
  end if;
  if new.media_kind = 'video' and new.image_url is null then
    raise exception 'A video slide needs its video file: upload one or choose one from the media library.'
      using errcode = '23514', constraint = 'campaign_items_video_has_file',
            table = 'campaign_items', column = 'image_url', schema = 'public';
  end if;
  return new;
end
$$;

create trigger campaign_items_check_media
  before insert or update on public.campaign_items
  for each row execute function public.check_campaign_item_media();

-- Who reads a slide's file -------------------------------------------------------------------
-- An image is read by the venue (and its screens) whose slide shows it as an image; a video
-- likewise. Slide image paths may carry a leading "slides/" or not (older slides).
create or replace function public.is_own_slide_image(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.campaign_items ci
    join public.campaigns c on c.id = ci.campaign_id
    where c.customer_id = public.viewer_customer_id()
      and ci.media_kind = 'image'
      and ci.image_url in (object_name, 'slides/' || object_name, regexp_replace(object_name, '^slides/', ''))
  )
$$;

create or replace function public.is_own_slide_video(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.campaign_items ci
    join public.campaigns c on c.id = ci.campaign_id
    where c.customer_id = public.viewer_customer_id()
      and ci.media_kind = 'video'
      and ci.image_url = object_name
  )
$$;

comment on function public.is_own_slide_video(text) is
  'True when the ad-videos object is the video of a slide of the campaigns of the signed-in venue, or of the venue of the signed-in paired screen.';

create policy "Venues and their screens can read the videos of their slides"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'ad-videos' and public.is_own_slide_video(name));

-- The slide builder's save carries media_kind (otherwise unchanged from 20261125100100).
create or replace function public.save_campaign_slides(
  p_campaign_id uuid,
  p_slides jsonb,
  p_expected_updated_at timestamptz default null
)
returns setof public.campaign_items
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_campaign_updated_at timestamptz;
  v_element jsonb;
  v_position bigint;
  v_id_text text;
  v_id uuid;
  v_ids uuid[] := array[]::uuid[];
  v_row public.campaign_items;
  v_base public.campaign_items;
  v_count integer;
begin
  if not public.is_admin() then
    raise exception 'Only admins can save campaign slides.'
      using errcode = '42501';
  end if;

  if p_campaign_id is null then
    raise exception 'A campaign id is required.';
  end if;

  if p_slides is null or jsonb_typeof(p_slides) <> 'array' then
    raise exception 'Slides must be a JSON array of slide objects.';
  end if;

  select c.updated_at into v_campaign_updated_at
  from public.campaigns c
  where c.id = p_campaign_id
  for update;

  if not found then
    raise exception 'Campaign % does not exist.', p_campaign_id;
  end if;

  if p_expected_updated_at is not null and v_campaign_updated_at <> p_expected_updated_at then
    raise exception 'This campaign was changed by someone else after you opened it. Reload it to see their changes, then save again.'
      using errcode = 'PT409',
            detail = format('Expected updated_at %s, found %s.', p_expected_updated_at, v_campaign_updated_at);
  end if;

  for v_element, v_position in
    select e.value, e.ordinality from jsonb_array_elements(p_slides) with ordinality as e
  loop
    if jsonb_typeof(v_element) <> 'object' then
      raise exception 'Slide % is not an object.', v_position;
    end if;

    v_id_text := nullif(btrim(coalesce(v_element ->> 'id', '')), '');
    v_element := v_element - array['id', 'campaign_id', 'display_order', 'created_at', 'updated_at'];

    begin
      if v_id_text is null or v_id_text like 'temp-%' then
        -- A new slide: the builder's defaults for what the element leaves out.
        v_base := null;
        v_base.content_type := 'static';
        v_base.slide_type := 'advertisement';
        v_base.media_kind := 'image';
        v_base.duration := 10;
        v_base.priority := 1;
        v_base.is_active := true;
        v_base.settings := '{}'::jsonb;
        v_row := jsonb_populate_record(v_base, v_element);
        v_row.id := gen_random_uuid();
      else
        if v_id_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
          raise exception 'Slide % has an id that is neither a saved slide id nor a temp- id: "%".', v_position, v_id_text;
        end if;
        v_id := v_id_text::uuid;
        select * into v_base from public.campaign_items ci where ci.id = v_id;
        if found and v_base.campaign_id <> p_campaign_id then
          raise exception 'Slide % (id %) belongs to another campaign.', v_position, v_id;
        end if;
        if not found then
          v_base := null;
          v_base.content_type := 'static';
          v_base.slide_type := 'advertisement';
          v_base.media_kind := 'image';
          v_base.duration := 10;
          v_base.priority := 1;
          v_base.is_active := true;
          v_base.settings := '{}'::jsonb;
        end if;
        v_row := jsonb_populate_record(v_base, v_element);
        v_row.id := v_id;
      end if;
    exception
      when invalid_text_representation or datatype_mismatch or numeric_value_out_of_range
           or invalid_datetime_format or datetime_field_overflow then
        raise exception 'Slide % has a value of the wrong type: %', v_position, sqlerrm;
    end;

    if v_row.id = any (v_ids) then
      raise exception 'Slide % (id %) appears more than once in the list.', v_position, v_row.id;
    end if;

    v_row.campaign_id := p_campaign_id;
    v_row.display_order := v_position;
    v_row.settings := coalesce(v_row.settings, '{}'::jsonb);
    v_ids := v_ids || v_row.id;

    insert into public.campaign_items as ci (
      id, campaign_id, content_type, slide_type, title, content, image_url, media_kind,
      display_order, duration, priority, is_active, settings, ad_id
    ) values (
      v_row.id, v_row.campaign_id, v_row.content_type, v_row.slide_type, v_row.title, v_row.content, v_row.image_url,
      v_row.media_kind, v_row.display_order, v_row.duration, v_row.priority, v_row.is_active, v_row.settings, v_row.ad_id
    )
    on conflict (id) do update set
      content_type = excluded.content_type,
      slide_type = excluded.slide_type,
      title = excluded.title,
      content = excluded.content,
      image_url = excluded.image_url,
      media_kind = excluded.media_kind,
      display_order = excluded.display_order,
      duration = excluded.duration,
      priority = excluded.priority,
      is_active = excluded.is_active,
      settings = excluded.settings,
      ad_id = excluded.ad_id
    where ci.campaign_id = p_campaign_id;

    get diagnostics v_count = row_count;
    if v_count = 0 then
      raise exception 'Slide % (id %) belongs to another campaign.', v_position, v_row.id;
    end if;
  end loop;

  delete from public.campaign_items ci
  where ci.campaign_id = p_campaign_id
    and not (ci.id = any (v_ids));

  update public.campaigns c
  set slide_count = s.slide_count,
      total_duration = s.total_duration
  from (
    select count(*)::integer as slide_count, coalesce(sum(ci.duration), 0)::integer as total_duration
    from public.campaign_items ci
    where ci.campaign_id = p_campaign_id
  ) s
  where c.id = p_campaign_id;

  return query
    select * from public.campaign_items ci
    where ci.campaign_id = p_campaign_id
    order by ci.display_order;
end
$$;

-- What plays: each slide carries media_kind (otherwise unchanged from 20261125200000).
create or replace function public.player_playlist(
  p_customer_id uuid default null,
  p_device_id uuid default null,
  p_at timestamptz default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_own uuid := public.viewer_customer_id();
  v_screen_device uuid;
  v_customer public.customers;
  v_at timestamptz := coalesce(p_at, now());
  v_today date;
  v_slides jsonb;
begin
  if p_customer_id is not null and p_customer_id is distinct from v_own and not public.is_admin() then
    raise exception 'Only admins can read another venue''s playlist.'
      using errcode = '42501';
  end if;

  if auth.uid() is not null then
    select e.id into v_screen_device from public.equipment_status e where e.screen_user_id = auth.uid();
  end if;
  v_screen_device := coalesce(v_screen_device, p_device_id);

  select * into v_customer from public.customers c where c.id = coalesce(p_customer_id, v_own);
  if not found then
    return jsonb_build_object('version', '', 'customer', null, 'today', null, 'now', v_at, 'slides', '[]'::jsonb);
  end if;

  v_today := (v_at at time zone v_customer.time_zone)::date;

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

  -- The version names what the list holds, not when it was read (on_air changes with the clock).
  return jsonb_build_object(
    'version', md5(coalesce((
      select jsonb_agg(s - 'on_air') from jsonb_array_elements(v_slides) s
    ), '[]'::jsonb)::text),
    'customer', jsonb_build_object('id', v_customer.id, 'name', v_customer.name, 'time_zone', v_customer.time_zone),
    'today', v_today,
    'now', v_at,
    'slides', v_slides
  );
end
$$;
