-- The booking check answers admins: check_campaign_booking() runs as its caller, and naming
-- the deferred loop check (private.loop_booking_checks_at_commit) in SET CONSTRAINTS needs
-- USAGE on the private schema, which only the owner has ("permission denied for schema
-- private"). It now makes every pending check immediate instead: the loop check is one of
-- them, and whatever else would refuse the save at commit refuses the check the same way.
-- The function is otherwise unchanged.

create or replace function public.check_campaign_booking(
  p_name text,
  p_status text,
  p_advertiser_id uuid,
  p_spots_per_loop integer,
  p_plays_on text,
  p_targets jsonb default '[]',
  p_start_date date default null,
  p_end_date date default null,
  p_windows jsonb default null,
  p_id uuid default null,
  p_slide_seconds integer default null
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_answer jsonb;
  v_id uuid;
  v_message text;
  v_detail text;
begin
  if not public.is_admin() then
    raise exception 'Only admins can book airtime.' using errcode = '42501';
  end if;
  begin
    v_id := public.save_campaign(
      p_name => coalesce(nullif(btrim(p_name), ''), 'Booking check'),
      p_customer_id => null,
      p_status => p_status,
      p_start_date => p_start_date,
      p_end_date => p_end_date,
      p_plays_on => p_plays_on,
      p_id => p_id,
      p_windows => coalesce(p_windows, '[]'::jsonb),
      p_advertiser_id => p_advertiser_id,
      p_spots_per_loop => p_spots_per_loop,
      p_targets => coalesce(p_targets, '[]'::jsonb)
    );
    -- A campaign being made has no slides yet: the form says how long its spot will be.
    if p_slide_seconds is not null then
      delete from public.campaign_items where campaign_id = v_id;
      insert into public.campaign_items (campaign_id, title, display_order, duration)
      values (v_id, 'Spot', 1, p_slide_seconds);
    end if;
    -- All pending checks at once: naming the loop check would need the caller to use the
    -- private schema, which admins may not.
    set constraints all immediate;
    raise exception using errcode = 'PT200', message = 'fits';
  exception
    when sqlstate 'PT200' then
      v_answer := jsonb_build_object('fits', true);
    when sqlstate 'PT409' then
      get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail;
      v_answer := jsonb_build_object('fits', false, 'message', v_message) || coalesce(v_detail::jsonb, '{}'::jsonb);
  end;
  return v_answer;
end
$$;
