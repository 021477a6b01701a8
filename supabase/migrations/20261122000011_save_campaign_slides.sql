-- Saving a campaign's slides from the slide builder in one transaction.

-- Saves the full, ordered list of a campaign's slides:
--  * elements without an id, or with an id starting "temp-", are inserted with a new id;
--  * elements with a real id are inserted or updated on that id (it must belong to this campaign);
--  * the campaign's slides missing from the list are deleted;
--  * display_order becomes 1..n in list order;
--  * the campaign's slide_count and total_duration are updated (and so its updated_at).
-- When p_expected_updated_at is given and the campaign changed since then, nothing
-- is saved and the error code PT409 (HTTP 409) is raised.
-- Returns the saved slides in display order. Admins only (42501 otherwise).
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
      id, campaign_id, content_type, slide_type, title, content, image_url,
      display_order, duration, priority, is_active, settings
    ) values (
      v_row.id, v_row.campaign_id, v_row.content_type, v_row.slide_type, v_row.title, v_row.content, v_row.image_url,
      v_row.display_order, v_row.duration, v_row.priority, v_row.is_active, v_row.settings
    )
    on conflict (id) do update set
      content_type = excluded.content_type,
      slide_type = excluded.slide_type,
      title = excluded.title,
      content = excluded.content,
      image_url = excluded.image_url,
      display_order = excluded.display_order,
      duration = excluded.duration,
      priority = excluded.priority,
      is_active = excluded.is_active,
      settings = excluded.settings
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

comment on function public.save_campaign_slides(uuid, jsonb, timestamptz) is
  'Slide builder save: inserts new (temp-) slides, updates saved ones, deletes the missing, renumbers display_order, updates slide_count and total_duration. Admins only; PT409 when the campaign changed since p_expected_updated_at.';
