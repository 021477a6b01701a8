-- Proof of play an advertiser can trust (see docs/proof-of-play.md).
--
-- 1. Names as played. Each play keeps, as recorded, the names it was shown under and the media
--    it showed; the roll-ups point at an immutable label row (play_labels) holding the same
--    names. Reports read those, never today's names.
-- 2. Plays checked against the schedule. The database keeps the history of what decides a
--    screen's playlist (campaigns' status, dates, dayparts and targeting; slides' campaign,
--    duration and switch) as valid-from/valid-to ranges kept by triggers, and record_plays
--    accepts a play only if its slide was in that screen's playlist at its start, within the
--    clock drift its heartbeat measured. Refusals are answered per record, counted per screen
--    and day (play_refusals), and raise an alert past a threshold.

-------------------------------------------------------------------------------------------
-- The names a play was shown under.
-------------------------------------------------------------------------------------------

alter table public.plays
  add column campaign_name text,
  add column slide_title text,
  add column ad_title text,
  add column advertiser_name text,
  add column venue_name text,
  add column screen_name text,
  add column media_path text,
  add column media_hash text;

comment on column public.plays.campaign_name is 'The campaign''s name when the play was recorded (never changed by a later rename or deletion).';
comment on column public.plays.slide_title is 'The slide''s title when the play was recorded.';
comment on column public.plays.ad_title is 'The title of the slide''s ad when the play was recorded (null: no ad).';
comment on column public.plays.advertiser_name is 'The advertiser''s name (business name, else contact name) when the play was recorded (null: no advertiser).';
comment on column public.plays.venue_name is 'The venue''s name when the play was recorded.';
comment on column public.plays.screen_name is 'The screen''s name when the play was recorded (kept when the screen is renamed, merged or deleted).';
comment on column public.plays.media_path is 'The file the slide showed, as bucket/path (ad-images/… or ad-videos/…); null for a slide without a file.';
comment on column public.plays.media_hash is 'The file''s content hash as Storage had it when the play was recorded (its eTag, an MD5), or null when Storage had none.';

comment on table public.plays is
  'Proof of play: one row per slide a screen finished, recorded on the screen (id made there) and uploaded through record_plays(), which checks it against the schedule as it stood at its start. Identity is (device_id, id). Kept 30 days; play_hours and play_days keep the sums for 2 years. Ids are kept as recorded (no foreign keys), with the names they were shown under.';

-- Identity is (device_id, id): another screen's id is not this one's.
alter table public.plays drop constraint plays_pkey;
alter table public.plays add constraint plays_pkey primary key (device_id, id, started_at);
create index plays_device_id_idx on public.plays (device_id, id);

-- Immutable label rows: one per set of names; the roll-ups point at them.
create table public.play_labels (
  id uuid primary key,
  campaign_name text,
  slide_title text,
  ad_title text,
  advertiser_name text,
  venue_name text,
  screen_name text,
  media_path text,
  media_hash text
);

comment on table public.play_labels is
  'The names plays were shown under (campaign, slide, ad, advertiser, venue, screen, media), one row per distinct set, never changed: id is the md5 of the names (private.play_label_id). play_hours and play_days point at them (label_id).';

alter table public.play_labels enable row level security;
grant select on public.play_labels to authenticated;
grant all on public.play_labels to service_role;

create or replace function private.play_label_id(
  p_campaign_name text, p_slide_title text, p_ad_title text, p_advertiser_name text,
  p_venue_name text, p_screen_name text, p_media_path text, p_media_hash text
)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select md5(jsonb_build_array(p_campaign_name, p_slide_title, p_ad_title, p_advertiser_name,
                               p_venue_name, p_screen_name, p_media_path, p_media_hash)::text)::uuid
$$;

alter table public.play_hours add column label_id uuid;
alter table public.play_days add column label_id uuid;
comment on column public.play_hours.label_id is 'The names these plays were shown under (play_labels).';
comment on column public.play_days.label_id is 'The names these plays were shown under (play_labels).';

drop index public.play_hours_key;
drop index public.play_days_key;
create unique index play_hours_key on public.play_hours (hour, device_id, campaign_id, slide_id, ad_id, label_id) nulls not distinct;
create unique index play_days_key on public.play_days (day, device_id, campaign_id, slide_id, ad_id, label_id) nulls not distinct;
create index play_days_label_id_idx on public.play_days (label_id);

comment on table public.play_hours is 'Plays summed per UTC hour, screen, slide (with its campaign, ad and advertiser) and the names they were shown under (label_id), kept 2 years.';
comment on table public.play_days is 'Plays summed per day in the venue''s time zone, screen, slide (with its campaign, ad and advertiser) and the names they were shown under (label_id), kept 2 years; the reports read it.';

create policy "Admins can read every play label" on public.play_labels
  for select to authenticated using ((select public.is_admin()));
create policy "Venues can read the labels of their own plays" on public.play_labels
  for select to authenticated using (exists (
    select 1 from public.play_days d
    where d.label_id = play_labels.id and d.customer_id = (select public.current_customer_id())
  ));
create policy "Advertisers can read the labels of their own plays" on public.play_labels
  for select to authenticated using (exists (
    select 1 from public.play_days d
    where d.label_id = play_labels.id and d.advertiser_id = (select public.current_advertiser_id())
  ));

-- Back-fill: the plays already kept get today's names (the best there is).
update public.plays p
set campaign_name = c.name,
    slide_title = s.title,
    ad_title = a.title,
    advertiser_name = coalesce(v.business_name, v.advertiser_name),
    venue_name = cu.name,
    screen_name = e.device_name,
    media_path = case when s.image_url is null then null
                      when s.media_kind = 'video' then 'ad-videos/' || s.image_url
                      else 'ad-images/' || s.image_url end,
    media_hash = (select coalesce(btrim(o.metadata ->> 'eTag', '"'), o.metadata ->> 'md5')
                  from storage.objects o
                  where o.bucket_id = case when s.media_kind = 'video' then 'ad-videos' else 'ad-images' end
                    and o.name = s.image_url)
from public.plays q
left join public.campaigns c on c.id = q.campaign_id
left join public.campaign_items s on s.id = q.slide_id
left join public.ads a on a.id = q.ad_id
left join public.advertisers v on v.id = q.advertiser_id
left join public.customers cu on cu.id = q.customer_id
left join public.equipment_status e on e.id = q.device_id
where p.device_id = q.device_id and p.id = q.id and p.started_at = q.started_at;

-- The roll-ups' rows get labels from today's names, merged where two rows now share a key.
create temporary table rollup_names on commit drop as
select distinct r.device_id, r.customer_id, r.campaign_id, r.slide_id, r.ad_id, r.advertiser_id
from (
  select device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id from public.play_hours
  union
  select device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id from public.play_days
) r;

alter table rollup_names
  add column campaign_name text, add column slide_title text, add column ad_title text,
  add column advertiser_name text, add column venue_name text, add column screen_name text,
  add column media_path text, add column media_hash text, add column label_id uuid;

update rollup_names r
set campaign_name = (select c.name from public.campaigns c where c.id = r.campaign_id),
    slide_title = (select s.title from public.campaign_items s where s.id = r.slide_id),
    ad_title = (select a.title from public.ads a where a.id = r.ad_id),
    advertiser_name = (select coalesce(v.business_name, v.advertiser_name) from public.advertisers v where v.id = r.advertiser_id),
    venue_name = (select cu.name from public.customers cu where cu.id = r.customer_id),
    screen_name = (select e.device_name from public.equipment_status e where e.id = r.device_id),
    media_path = (select case when s.image_url is null then null
                              when s.media_kind = 'video' then 'ad-videos/' || s.image_url
                              else 'ad-images/' || s.image_url end
                  from public.campaign_items s where s.id = r.slide_id),
    media_hash = (select coalesce(btrim(o.metadata ->> 'eTag', '"'), o.metadata ->> 'md5')
                  from public.campaign_items s
                  join storage.objects o
                    on o.bucket_id = case when s.media_kind = 'video' then 'ad-videos' else 'ad-images' end
                   and o.name = s.image_url
                  where s.id = r.slide_id);

update rollup_names r
set label_id = private.play_label_id(r.campaign_name, r.slide_title, r.ad_title, r.advertiser_name,
                                     r.venue_name, r.screen_name, r.media_path, r.media_hash);

insert into public.play_labels (id, campaign_name, slide_title, ad_title, advertiser_name, venue_name, screen_name, media_path, media_hash)
select distinct on (r.label_id) r.label_id, r.campaign_name, r.slide_title, r.ad_title, r.advertiser_name,
       r.venue_name, r.screen_name, r.media_path, r.media_hash
from rollup_names r
on conflict (id) do nothing;

update public.play_hours h
set label_id = r.label_id
from rollup_names r
where (h.device_id, h.customer_id) = (r.device_id, r.customer_id)
  and h.campaign_id is not distinct from r.campaign_id
  and h.slide_id is not distinct from r.slide_id
  and h.ad_id is not distinct from r.ad_id
  and h.advertiser_id is not distinct from r.advertiser_id;

update public.play_days d
set label_id = r.label_id
from rollup_names r
where (d.device_id, d.customer_id) = (r.device_id, r.customer_id)
  and d.campaign_id is not distinct from r.campaign_id
  and d.slide_id is not distinct from r.slide_id
  and d.ad_id is not distinct from r.ad_id
  and d.advertiser_id is not distinct from r.advertiser_id;

-------------------------------------------------------------------------------------------
-- What the schedule was: history kept by triggers.
-------------------------------------------------------------------------------------------

create table private.campaign_history (
  campaign_id uuid not null,
  valid tstzrange not null,
  name text not null,
  customer_id uuid,
  advertiser_id uuid,
  status text not null,
  start_date date,
  end_date date,
  plays_on text not null,
  windows jsonb not null
);
comment on table private.campaign_history is
  'Each campaign as it stood over time (valid: from, to; open-ended for now): what decides whether its slides play (status, dates, dayparts, whose it is, where it plays). record_plays judges a play by the row valid at its start. Kept by triggers on campaigns and campaign_windows.';
create index campaign_history_campaign_idx on private.campaign_history (campaign_id, lower(valid));

create table private.slide_history (
  slide_id uuid not null,
  valid tstzrange not null,
  campaign_id uuid not null,
  title text,
  duration integer not null,
  is_active boolean not null,
  ad_id uuid,
  image_url text,
  media_kind text not null
);
comment on table private.slide_history is
  'Each slide (campaign_items) as it stood over time: its campaign, duration and switch, and the names and file it showed. Kept by a trigger on campaign_items.';
create index slide_history_slide_idx on private.slide_history (slide_id, lower(valid));

create table private.reach_history (
  campaign_id uuid not null,
  device_id uuid not null,
  valid tstzrange not null
);
comment on table private.reach_history is
  'Which screens a campaign that names its screens reached over time: a venue campaign''s chosen screens (campaign_screens, plays_on ''chosen'') and a network campaign''s targets expanded (campaign_target_screens, plays_on ''targets''). Kept by triggers on campaign_screens, campaign_targets, screen_group_members, equipment_status and campaigns.';
create index reach_history_idx on private.reach_history (campaign_id, device_id, lower(valid));
create index reach_history_open_idx on private.reach_history (campaign_id) where upper_inf(valid);

-- Writes the campaign's row as it stands now, closing the one before (nothing when unchanged).
create or replace function private.note_campaign_history(p_campaign_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now public.campaigns;
  v_windows jsonb;
  v_open private.campaign_history;
begin
  select * into v_now from public.campaigns c where c.id = p_campaign_id;
  select * into v_open from private.campaign_history h where h.campaign_id = p_campaign_id and upper_inf(h.valid);
  if v_now.id is not null then
    v_windows := public.campaign_windows_json(p_campaign_id);
    if v_open.campaign_id is not null
       and (v_open.name, v_open.customer_id, v_open.advertiser_id, v_open.status, v_open.start_date,
            v_open.end_date, v_open.plays_on, v_open.windows)
           is not distinct from
           (v_now.name, v_now.customer_id, v_now.advertiser_id, v_now.status, v_now.start_date,
            v_now.end_date, v_now.plays_on, v_windows) then
      return;
    end if;
  end if;
  if v_open.campaign_id is not null then
    if lower(v_open.valid) >= now() then
      delete from private.campaign_history h where h.campaign_id = p_campaign_id and upper_inf(h.valid);
    else
      update private.campaign_history h set valid = tstzrange(lower(h.valid), now())
      where h.campaign_id = p_campaign_id and upper_inf(h.valid);
    end if;
  end if;
  if v_now.id is not null then
    -- A campaign's first row stands from ever: no play can name it before it was made.
    insert into private.campaign_history (campaign_id, valid, name, customer_id, advertiser_id, status, start_date, end_date, plays_on, windows)
    values (p_campaign_id,
            tstzrange(case when exists (select 1 from private.campaign_history h where h.campaign_id = p_campaign_id)
                           then now() end, null),
            v_now.name, v_now.customer_id, v_now.advertiser_id, v_now.status,
            v_now.start_date, v_now.end_date, v_now.plays_on, v_windows);
  end if;
end
$$;
revoke all on function private.note_campaign_history(uuid) from public;

-- Which screens the campaigns reach now, against the open rows: closes and opens the difference.
create or replace function private.note_reach_history(p_campaign_ids uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_campaign_ids is null or cardinality(p_campaign_ids) = 0 then
    return;
  end if;
  create temporary table if not exists reach_now (campaign_id uuid, device_id uuid) on commit drop;
  delete from reach_now;
  insert into reach_now
  select s.campaign_id, s.device_id
  from public.campaign_screens s
  join public.campaigns c on c.id = s.campaign_id and c.plays_on = 'chosen'
  where s.campaign_id = any (p_campaign_ids)
  union
  select t.campaign_id, t.device_id
  from public.campaign_target_screens t
  join public.campaigns c on c.id = t.campaign_id and c.plays_on = 'targets'
  where t.campaign_id = any (p_campaign_ids);

  delete from private.reach_history h
  where h.campaign_id = any (p_campaign_ids) and upper_inf(h.valid) and lower(h.valid) >= now()
    and not exists (select 1 from reach_now n where n.campaign_id = h.campaign_id and n.device_id = h.device_id);
  update private.reach_history h set valid = tstzrange(lower(h.valid), now())
  where h.campaign_id = any (p_campaign_ids) and upper_inf(h.valid)
    and not exists (select 1 from reach_now n where n.campaign_id = h.campaign_id and n.device_id = h.device_id);
  -- A screen's first row for a campaign stands from ever (like a campaign's first row); once
  -- taken off, a screen put back counts from then.
  insert into private.reach_history (campaign_id, device_id, valid)
  select n.campaign_id, n.device_id,
         tstzrange(case when exists (select 1 from private.reach_history h
                                     where h.campaign_id = n.campaign_id and h.device_id = n.device_id)
                        then now() end, null)
  from reach_now n
  where not exists (
    select 1 from private.reach_history h
    where h.campaign_id = n.campaign_id and h.device_id = n.device_id and upper_inf(h.valid)
  );
end
$$;
revoke all on function private.note_reach_history(uuid[]) from public;

create or replace function private.keep_campaign_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if tg_table_name = 'campaigns' then
    v_id := case when tg_op = 'DELETE' then old.id else new.id end;
    perform private.note_campaign_history(v_id);
    if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.plays_on is distinct from new.plays_on) then
      perform private.note_reach_history(array[v_id]);
    elsif tg_op = 'DELETE' then
      update private.reach_history h set valid = tstzrange(lower(h.valid), greatest(lower(h.valid), now()))
      where h.campaign_id = v_id and upper_inf(h.valid);
    end if;
  else
    -- campaign_windows
    perform private.note_campaign_history(case when tg_op = 'DELETE' then old.campaign_id else new.campaign_id end);
    if tg_op = 'UPDATE' and old.campaign_id is distinct from new.campaign_id then
      perform private.note_campaign_history(old.campaign_id);
    end if;
  end if;
  return null;
end
$$;
revoke all on function private.keep_campaign_history() from public;

create trigger campaigns_keep_history
  after insert or update or delete on public.campaigns
  for each row execute function private.keep_campaign_history();
create trigger campaign_windows_keep_history
  after insert or update or delete on public.campaign_windows
  for each row execute function private.keep_campaign_history();

create or replace function private.keep_slide_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and (old.campaign_id, old.title, old.duration, old.is_active, old.ad_id, old.image_url, old.media_kind)
         is not distinct from
         (new.campaign_id, new.title, new.duration, new.is_active, new.ad_id, new.image_url, new.media_kind) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    delete from private.slide_history h
    where h.slide_id = old.id and upper_inf(h.valid) and lower(h.valid) >= now();
    update private.slide_history h set valid = tstzrange(lower(h.valid), now())
    where h.slide_id = old.id and upper_inf(h.valid);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    -- A slide's first row stands from ever: no play can name it before it was made.
    insert into private.slide_history (slide_id, valid, campaign_id, title, duration, is_active, ad_id, image_url, media_kind)
    values (new.id,
            tstzrange(case when tg_op = 'UPDATE' or exists (select 1 from private.slide_history h where h.slide_id = new.id)
                           then now() end, null), new.campaign_id, new.title, new.duration, new.is_active, new.ad_id,
            new.image_url, new.media_kind);
  end if;
  return null;
end
$$;
revoke all on function private.keep_slide_history() from public;

create trigger campaign_items_keep_history
  after insert or update or delete on public.campaign_items
  for each row execute function private.keep_slide_history();

create or replace function private.keep_reach_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
begin
  if tg_table_name = 'campaign_screens' or tg_table_name = 'campaign_targets' then
    v_ids := array_remove(array[
      case when tg_op <> 'INSERT' then old.campaign_id end,
      case when tg_op <> 'DELETE' then new.campaign_id end
    ], null);
  elsif tg_table_name = 'screen_group_members' then
    select array_agg(distinct t.campaign_id) into v_ids
    from public.campaign_targets t
    where t.group_id in (
      case when tg_op <> 'INSERT' then old.group_id end,
      case when tg_op <> 'DELETE' then new.group_id end
    );
  else
    -- equipment_status: a screen that joins, leaves or changes venue
    select array_agg(distinct x.campaign_id) into v_ids
    from (
      select t.campaign_id from public.campaign_targets t
      where t.customer_id in (
              case when tg_op <> 'INSERT' then old.customer_id end,
              case when tg_op <> 'DELETE' then new.customer_id end)
         or t.device_id in (
              case when tg_op <> 'INSERT' then old.id end,
              case when tg_op <> 'DELETE' then new.id end)
      union
      select t.campaign_id from public.campaign_targets t
      join public.screen_group_members m on m.group_id = t.group_id
      where m.device_id in (
              case when tg_op <> 'INSERT' then old.id end,
              case when tg_op <> 'DELETE' then new.id end)
      union
      select h.campaign_id from private.reach_history h
      where h.device_id = case when tg_op <> 'INSERT' then old.id end and upper_inf(h.valid)
    ) x;
  end if;
  perform private.note_reach_history(v_ids);
  return null;
end
$$;
revoke all on function private.keep_reach_history() from public;

create trigger campaign_screens_keep_history
  after insert or update or delete on public.campaign_screens
  for each row execute function private.keep_reach_history();
create trigger campaign_targets_keep_history
  after insert or update or delete on public.campaign_targets
  for each row execute function private.keep_reach_history();
create trigger screen_group_members_keep_history
  after insert or update or delete on public.screen_group_members
  for each row execute function private.keep_reach_history();
create trigger equipment_status_keep_history
  after insert or delete or update of customer_id on public.equipment_status
  for each row execute function private.keep_reach_history();

-- Back-fill: today's schedule has stood since ever (plays recorded before it are judged by it).
insert into private.campaign_history (campaign_id, valid, name, customer_id, advertiser_id, status, start_date, end_date, plays_on, windows)
select c.id, tstzrange(null, null), c.name, c.customer_id, c.advertiser_id, c.status, c.start_date, c.end_date, c.plays_on,
       public.campaign_windows_json(c.id)
from public.campaigns c;

insert into private.slide_history (slide_id, valid, campaign_id, title, duration, is_active, ad_id, image_url, media_kind)
select i.id, tstzrange(null, null), i.campaign_id, i.title, i.duration, i.is_active, i.ad_id, i.image_url, i.media_kind
from public.campaign_items i;

insert into private.reach_history (campaign_id, device_id, valid)
select s.campaign_id, s.device_id, tstzrange(null, null)
from public.campaign_screens s
join public.campaigns c on c.id = s.campaign_id and c.plays_on = 'chosen'
union
select t.campaign_id, t.device_id, tstzrange(null, null)
from public.campaign_target_screens t
join public.campaigns c on c.id = t.campaign_id and c.plays_on = 'targets';

-------------------------------------------------------------------------------------------
-- The device's clock, as its heartbeat tells it.
-------------------------------------------------------------------------------------------

alter table public.equipment_status add column clock_offset_ms integer;
comment on column public.equipment_status.clock_offset_ms is
  'How far the device''s clock ran ahead of the server''s (negative: behind) at its last heartbeat that sent its clock, in milliseconds; record_plays allows this much drift (plus a margin) when it checks a play against the schedule.';

drop function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text);

create function public.player_heartbeat(
  p_device_id uuid default null,
  p_campaign_id uuid default null,
  p_slide_id uuid default null,
  p_content_version text default null,
  p_app_version text default null,
  p_resolution text default null,
  p_diagnostics text default null,
  p_device_time timestamptz default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid;
  v_device public.equipment_status;
  v_screen boolean := false;
  v_offset integer;
begin
  if auth.uid() is not null then
    select * into v_device from public.equipment_status e where e.screen_user_id = auth.uid() for update;
    v_screen := found;
  end if;

  if v_screen then
    if p_device_id is not null and p_device_id is distinct from v_device.id then
      raise exception 'Device % is not this screen''s device.', p_device_id
        using errcode = '42501';
    end if;
    v_customer_id := v_device.customer_id;
  else
    v_customer_id := public.current_customer_id();
    if v_customer_id is null then
      raise exception 'Only a signed-in customer''s player can report a heartbeat.'
        using errcode = '42501';
    end if;
    if p_device_id is null then
      raise exception 'A device id is required: choose which screen this is.'
        using errcode = '22023';
    end if;
    select * into v_device
    from public.equipment_status e
    where e.id = coalesce((select m.into_id from public.merged_devices m where m.from_id = p_device_id), p_device_id)
    for update;
    if not found or v_device.customer_id is distinct from v_customer_id then
      raise exception 'Device % is not one of your devices.', p_device_id
        using errcode = '42501';
    end if;
  end if;

  if v_device.revoked_at is not null then
    raise exception 'Screen % was revoked: it reports again once an admin pairs it again.', v_device.id
      using errcode = '42501';
  end if;

  if p_campaign_id is not null and not exists (
    select 1 from public.campaigns c where c.id = p_campaign_id and c.customer_id = v_customer_id
  ) then
    raise exception 'Campaign % is not one of your campaigns.', p_campaign_id
      using errcode = '42501';
  end if;
  if p_slide_id is not null and not exists (
    select 1 from public.campaign_items i where i.id = p_slide_id and i.campaign_id = p_campaign_id
  ) then
    raise exception 'Slide % is not a slide of the campaign on screen.', p_slide_id
      using errcode = '42501';
  end if;

  -- The device's clock against ours (the call's own latency is part of it: a second or less).
  -- Past a day apart it is no clock but a wrong date: kept at a day, so every play of it is judged off.
  if p_device_time is not null then
    v_offset := greatest(-86400000, least(86400000,
      round(extract(epoch from (p_device_time - statement_timestamp())) * 1000)))::integer;
  end if;

  update public.equipment_status e
  set status = 'online',
      is_active = e.is_active or not v_screen,
      last_heartbeat = now(),
      last_content_update = case
        when e.last_content_update is null
          or e.current_campaign_id is distinct from p_campaign_id
          or e.content_version is distinct from p_content_version
        then now()
        else e.last_content_update
      end,
      current_campaign_id = p_campaign_id,
      current_slide_id = p_slide_id,
      content_version = p_content_version,
      app_version = left(nullif(btrim(p_app_version), ''), 100),
      resolution = left(nullif(btrim(p_resolution), ''), 20),
      diagnostics = left(nullif(btrim(p_diagnostics), ''), 500),
      clock_offset_ms = coalesce(v_offset, e.clock_offset_ms)
  where e.id = v_device.id;

  return v_device.id;
end
$$;

comment on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text, timestamptz) is
  'A player reports it is playing: marks its device online with a fresh heartbeat, the campaign and slide on screen, its app version, resolution and diagnostics, and (p_device_time, the device''s clock) how far its clock is off ours (clock_offset_ms). A paired screen reports for its own device; a venue''s login for one of its devices, named by id (never created here). A revoked device takes no heartbeat (42501).';

revoke all on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text, timestamptz) from public;
grant execute on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text, timestamptz) to authenticated;
grant execute on function public.player_heartbeat(uuid, uuid, uuid, text, text, text, text, timestamptz) to service_role;

-------------------------------------------------------------------------------------------
-- Refused plays, counted per screen and day, and their alert.
-------------------------------------------------------------------------------------------

create table public.play_refusals (
  day date not null,
  device_id uuid not null references public.equipment_status (id) on delete cascade,
  customer_id uuid not null references public.customers (id) on delete cascade,
  reason text not null,
  plays integer not null default 0,
  primary key (device_id, day, reason),
  constraint play_refusals_reason_is_known check (reason in (
    'invalid', 'unknown_campaign', 'unknown_slide', 'not_in_campaign', 'other_venue',
    'replayed', 'too_long', 'overlapping', 'not_scheduled'
  ))
);
comment on table public.play_refusals is
  'Plays record_plays refused, per screen, day (the venue''s, when they were sent) and reason; the Equipment page shows today''s. Past private.refusal_alert_plays() in a day, the screen gets a plays_refused alert.';
create index play_refusals_day_idx on public.play_refusals (day);

alter table public.play_refusals enable row level security;
grant select on public.play_refusals to authenticated;
grant all on public.play_refusals to service_role;

create policy "Admins can read every refusal count" on public.play_refusals
  for select to authenticated using ((select public.is_admin()));
create policy "Venues can read their own screens' refusal counts" on public.play_refusals
  for select to authenticated using (customer_id = (select public.current_customer_id()));

-- The alert's threshold: refusals of one screen in one (venue) day.
create or replace function private.refusal_alert_plays()
returns integer
language sql
immutable
set search_path = ''
as $$ select 50 $$;
comment on function private.refusal_alert_plays() is
  'How many refused plays in one day raise a screen''s plays_refused alert (docs/proof-of-play.md).';

alter table public.system_alerts drop constraint system_alerts_alert_type_is_known;
alter table public.system_alerts add constraint system_alerts_alert_type_is_known
  check (alert_type in ('offline', 'wifi_lost', 'back_online', 'maintenance', 'other', 'under_delivery', 'plays_refused'));
create unique index system_alerts_one_plays_refused_per_day on public.system_alerts (device_id, alert_day)
  where alert_type = 'plays_refused';
comment on column public.system_alerts.alert_day is 'The day an under_delivery or plays_refused alert is about.';

-------------------------------------------------------------------------------------------
-- Storing plays: with the names they were shown under.
-------------------------------------------------------------------------------------------

create or replace function private.store_plays(p_device public.equipment_status, p_rows jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_zone text;
  v_venue text;
  v_new integer;
begin
  select c.time_zone, c.name into v_zone, v_venue from public.customers c where c.id = p_device.customer_id;
  v_zone := coalesce(v_zone, 'UTC');

  with input as (
    select
      (r ->> 'id')::uuid as id,
      (r ->> 'started_at')::timestamptz as started_at,
      round((r ->> 'seconds')::numeric, 1) as seconds,
      (r ->> 'campaign_id')::uuid as campaign_id,
      (r ->> 'slide_id')::uuid as slide_id
    from jsonb_array_elements(p_rows) r
  ),
  -- The slide and campaign as they are, or (deleted since) as they were at the play's start.
  attributed as (
    select i.*,
           coalesce(s.ad_id, sh.ad_id) as ad_id,
           coalesce(c.name, ch.name) as campaign_name,
           case when s.id is not null then s.title else sh.title end as slide_title,
           case when s.id is not null then s.image_url else sh.image_url end as image_url,
           coalesce(s.media_kind, sh.media_kind) as media_kind,
           coalesce(c.advertiser_id, ch.advertiser_id) as campaign_advertiser_id
    from input i
    left join public.campaign_items s on s.id = i.slide_id
    left join public.campaigns c on c.id = i.campaign_id
    left join lateral (
      select h.* from private.slide_history h
      where s.id is null and h.slide_id = i.slide_id
      order by h.valid @> i.started_at desc, lower(h.valid) desc nulls last limit 1
    ) sh on true
    left join lateral (
      select h.* from private.campaign_history h
      where c.id is null and h.campaign_id = i.campaign_id
      order by h.valid @> i.started_at desc, lower(h.valid) desc nulls last limit 1
    ) ch on true
  ),
  named as (
    select p.id, p.started_at, greatest(p.seconds, 0.1) as seconds, p.campaign_id, p.slide_id, p.ad_id,
           coalesce(a.advertiser_id, p.campaign_advertiser_id) as advertiser_id,
           p.campaign_name, p.slide_title, a.title as ad_title,
           coalesce(v.business_name, v.advertiser_name) as advertiser_name,
           v_venue as venue_name, p_device.device_name as screen_name,
           case when p.image_url is null then null
                when p.media_kind = 'video' then 'ad-videos/' || p.image_url
                else 'ad-images/' || p.image_url end as media_path,
           (select coalesce(btrim(o.metadata ->> 'eTag', '"'), o.metadata ->> 'md5')
            from storage.objects o
            where o.bucket_id = case when p.media_kind = 'video' then 'ad-videos' else 'ad-images' end
              and o.name = p.image_url) as media_hash
    from attributed p
    left join public.ads a on a.id = p.ad_id
    left join public.advertisers v on v.id = coalesce(a.advertiser_id, p.campaign_advertiser_id)
  ),
  labelled as (
    select n.*, private.play_label_id(n.campaign_name, n.slide_title, n.ad_title, n.advertiser_name,
                                      n.venue_name, n.screen_name, n.media_path, n.media_hash) as label_id
    from named n
  ),
  inserted as (
    insert into public.plays (id, started_at, seconds, device_id, customer_id, campaign_id, slide_id, ad_id, advertiser_id,
                              campaign_name, slide_title, ad_title, advertiser_name, venue_name, screen_name, media_path, media_hash)
    select p.id, p.started_at, p.seconds, p_device.id, p_device.customer_id, p.campaign_id, p.slide_id, p.ad_id, p.advertiser_id,
           p.campaign_name, p.slide_title, p.ad_title, p.advertiser_name, p.venue_name, p.screen_name, p.media_path, p.media_hash
    from labelled p
    on conflict (device_id, id, started_at) do nothing
    returning id, started_at
  ),
  stored as (
    select l.* from labelled l join inserted n on n.id = l.id and n.started_at = l.started_at
  ),
  labels as (
    insert into public.play_labels (id, campaign_name, slide_title, ad_title, advertiser_name, venue_name, screen_name, media_path, media_hash)
    select distinct on (s.label_id) s.label_id, s.campaign_name, s.slide_title, s.ad_title, s.advertiser_name,
           s.venue_name, s.screen_name, s.media_path, s.media_hash
    from stored s
    on conflict (id) do nothing
    returning 1
  ),
  hours as (
    insert into public.play_hours as h (hour, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
    select date_trunc('hour', n.started_at, 'UTC'), p_device.id, p_device.customer_id, n.campaign_id, n.slide_id, n.ad_id, n.label_id,
           max(n.advertiser_id::text)::uuid, count(*), sum(n.seconds)
    from stored n
    group by 1, 4, 5, 6, 7
    on conflict (hour, device_id, campaign_id, slide_id, ad_id, label_id) do update
      set plays = h.plays + excluded.plays,
          seconds = h.seconds + excluded.seconds,
          advertiser_id = coalesce(excluded.advertiser_id, h.advertiser_id)
    returning 1
  ),
  days as (
    insert into public.play_days as d (day, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
    select (n.started_at at time zone v_zone)::date, p_device.id, p_device.customer_id, n.campaign_id, n.slide_id, n.ad_id, n.label_id,
           max(n.advertiser_id::text)::uuid, count(*), sum(n.seconds)
    from stored n
    group by 1, 4, 5, 6, 7
    on conflict (day, device_id, campaign_id, slide_id, ad_id, label_id) do update
      set plays = d.plays + excluded.plays,
          seconds = d.seconds + excluded.seconds,
          advertiser_id = coalesce(excluded.advertiser_id, d.advertiser_id)
    returning 1
  )
  -- (Each statement of a WITH runs once and to completion, read or not.)
  select count(*) into v_new from inserted;
  return v_new;
end
$$;
revoke all on function private.store_plays(public.equipment_status, jsonb) from public;

-------------------------------------------------------------------------------------------
-- Recording plays: each checked against the schedule as it stood at its start.
-------------------------------------------------------------------------------------------

-- Clock drift allowed beyond what the heartbeat measured, in milliseconds.
create or replace function private.play_clock_margin_ms()
returns integer
language sql
immutable
set search_path = ''
as $$ select 5000 $$;
comment on function private.play_clock_margin_ms() is
  'The margin record_plays adds to a screen''s measured clock offset when it checks a play against the schedule (docs/proof-of-play.md).';

create or replace function public.record_plays(p_plays jsonb, p_device_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $_$
declare
  v_device public.equipment_status;
  v_zone text;
  v_today date;
  v_total integer;
  v_good jsonb;
  v_rejected jsonb;
  v_duplicates integer;
  v_new integer := 0;
  v_tol interval;
  v_refused integer;
  v_uuid constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  v_device := public.player_device(p_device_id);
  if v_device.customer_id is null then
    raise exception 'This screen belongs to no venue: its plays cannot be counted.' using errcode = '42501';
  end if;
  if p_plays is null or jsonb_typeof(p_plays) <> 'array' then
    raise exception 'Plays must be a JSON array of play records.' using errcode = '22023';
  end if;
  v_total := jsonb_array_length(p_plays);
  if v_total > 5000 then
    raise exception 'At most 5000 plays per call (got %).', v_total using errcode = '22023';
  end if;

  -- One upload per screen at a time: a play's identity (device_id, id) and its overlaps are
  -- checked against what is stored, so two uploads of one screen must not pass each other.
  perform pg_advisory_xact_lock(hashtextextended('plays:' || v_device.id::text, 0));

  select coalesce(c.time_zone, 'UTC') into v_zone from public.customers c where c.id = v_device.customer_id;
  v_zone := coalesce(v_zone, 'UTC');
  v_today := (now() at time zone v_zone)::date;
  v_tol := make_interval(secs => (abs(coalesce(v_device.clock_offset_ms, 0)) + private.play_clock_margin_ms()) / 1000.0);

  create temporary table if not exists plays_judged (
    idx integer, r jsonb, id uuid, started_at timestamptz, seconds numeric, campaign_id uuid, slide_id uuid,
    reason text, duplicate boolean
  ) on commit drop;
  delete from plays_judged;

  -- 1. Each record's form, what it names, and whether it was already recorded.
  insert into plays_judged
  with input as (
    select e.ordinality::integer - 1 as idx, e.value as r
    from jsonb_array_elements(p_plays) with ordinality e
  ),
  parsed as (
    select
      idx, r,
      case when jsonb_typeof(r) = 'object' and r ->> 'id' ~ v_uuid then (r ->> 'id')::uuid end as id,
      case when jsonb_typeof(r) = 'object' then public.iso_time_or_null(r ->> 'started_at') end as started_at,
      case when jsonb_typeof(r) = 'object' and jsonb_typeof(r -> 'seconds') = 'number' then round((r ->> 'seconds')::numeric, 1) end as seconds,
      case when jsonb_typeof(r) = 'object' and r ->> 'campaign_id' ~ v_uuid then (r ->> 'campaign_id')::uuid end as campaign_id,
      case when jsonb_typeof(r) = 'object' and r ->> 'slide_id' ~ v_uuid then (r ->> 'slide_id')::uuid end as slide_id
    from input
  ),
  named as (
    select p.*,
      coalesce(c.customer_id, ch.customer_id) as campaign_customer_id,
      (c.id is not null or ch.campaign_id is not null) as campaign_known,
      (s.id is not null or exists (select 1 from private.slide_history h where h.slide_id = p.slide_id)) as slide_known,
      (s.campaign_id = p.campaign_id
        or exists (select 1 from private.slide_history h where h.slide_id = p.slide_id and h.campaign_id = p.campaign_id)) as slide_of_campaign,
      st.started_at as stored_start,
      st.seconds as stored_seconds,
      first_value(p.started_at) over w as first_start,
      first_value(p.seconds) over w as first_seconds,
      row_number() over w as copy
    from parsed p
    left join public.campaigns c on c.id = p.campaign_id
    left join lateral (
      select h.customer_id, h.campaign_id from private.campaign_history h
      where c.id is null and h.campaign_id = p.campaign_id
      order by lower(h.valid) desc nulls last limit 1
    ) ch on true
    left join public.campaign_items s on s.id = p.slide_id
    left join lateral (
      select q.started_at, q.seconds from public.plays q
      where q.device_id = v_device.id and q.id = p.id
      order by q.started_at limit 1
    ) st on p.id is not null
    window w as (partition by p.id order by p.idx)
  )
  select n.idx, n.r, n.id, n.started_at, n.seconds, n.campaign_id, n.slide_id,
    case
      when jsonb_typeof(n.r) <> 'object' then 'not an object'
      when n.id is null then 'id must be a uuid'
      when n.started_at is null then 'started_at must be an ISO 8601 time with a time zone'
      when n.started_at > now() + interval '10 minutes' then 'started_at is in the future'
      when n.started_at < now() - interval '2 years' then 'started_at is more than 2 years ago'
      when n.seconds is null then 'seconds must be a number'
      when n.seconds <= 0 or n.seconds > 86400 then 'seconds must be more than 0 and at most 86400'
      when n.campaign_id is null then 'campaign_id must be a uuid'
      when n.slide_id is null then 'slide_id must be a uuid'
      when n.stored_start is not null and (n.stored_start, n.stored_seconds) is distinct from (n.started_at, n.seconds) then 'replayed'
      when n.copy > 1 and (n.first_start, n.first_seconds) is distinct from (n.started_at, n.seconds) then 'replayed'
      when not n.campaign_known then 'unknown_campaign'
      when not n.slide_known then 'unknown_slide'
      when n.campaign_customer_id is not null and n.campaign_customer_id <> v_device.customer_id then 'other_venue'
      when not n.slide_of_campaign then 'not_in_campaign'
    end,
    -- The same play again: already stored, or earlier in this batch.
    (n.stored_start is not null or n.copy > 1)
  from named n;

  -- 2. Too long, or not in the screen's playlist at its start.
  update plays_judged j
  set reason = case
    when j.seconds > coalesce((
      select max(h.duration) from private.slide_history h
      where h.slide_id = j.slide_id
        and h.valid && tstzrange(j.started_at - v_tol, j.started_at + make_interval(secs => j.seconds::double precision) + v_tol)
    ), 0) + 2 then 'too_long'
    when not exists (
      select 1
      from unnest(array[j.started_at - v_tol, j.started_at, j.started_at + v_tol]) x(at)
      join private.slide_history sh
        on sh.slide_id = j.slide_id and sh.valid @> x.at and sh.is_active and sh.campaign_id = j.campaign_id
      join private.campaign_history ch
        on ch.campaign_id = j.campaign_id and ch.valid @> x.at
      where public.campaign_plays_at(ch.status, ch.start_date, ch.end_date, ch.windows, v_zone, x.at)
        and case
              when ch.customer_id is not null then
                ch.customer_id = v_device.customer_id
                and (ch.plays_on = 'all' or exists (
                  select 1 from private.reach_history r
                  where r.campaign_id = j.campaign_id and r.device_id = v_device.id and r.valid @> x.at))
              else
                ch.plays_on = 'network' or exists (
                  select 1 from private.reach_history r
                  where r.campaign_id = j.campaign_id and r.device_id = v_device.id and r.valid @> x.at)
            end
    ) then 'not_scheduled'
  end
  where j.reason is null and not j.duplicate;

  -- 3. Overlaps: with the screen's stored plays, then with this batch's earlier ones (by start).
  --    Up to half a second of overlap is rounding (seconds are kept to a tenth).
  update plays_judged j
  set reason = 'overlapping'
  where j.reason is null and not j.duplicate
    and exists (
      select 1 from public.plays q
      where q.device_id = v_device.id
        and q.started_at > j.started_at - interval '310 seconds'
        and q.started_at < j.started_at + make_interval(secs => j.seconds::double precision) - interval '0.5 seconds'
        and q.started_at + make_interval(secs => q.seconds::double precision) > j.started_at + interval '0.5 seconds'
        and q.id <> j.id
    );

  update plays_judged j
  set reason = 'overlapping'
  from (
    select b.idx,
           max(b.started_at + make_interval(secs => b.seconds::double precision))
             over (order by b.started_at, b.idx rows between unbounded preceding and 1 preceding) as busy_until
    from plays_judged b
    where b.reason is null and not b.duplicate
  ) o
  where o.idx = j.idx and o.busy_until > j.started_at + interval '0.5 seconds';

  -- 4. Answer, count and store.
  select
    coalesce(jsonb_agg(jsonb_build_object(
      'id', j.id, 'started_at', j.started_at, 'seconds', j.seconds, 'campaign_id', j.campaign_id, 'slide_id', j.slide_id
    )) filter (where j.reason is null and not j.duplicate), '[]'::jsonb),
    coalesce(jsonb_agg(jsonb_build_object(
      'index', j.idx,
      'id', case when jsonb_typeof(j.r) = 'object' then j.r -> 'id' end,
      'reason', case j.reason
        when 'replayed' then 'replayed: this play was already recorded with another start or length'
        when 'unknown_campaign' then 'unknown campaign: no campaign has this campaign_id'
        when 'unknown_slide' then 'unknown slide: no slide has this slide_id'
        when 'other_venue' then 'another venue''s slide: the campaign is not this venue''s'
        when 'not_in_campaign' then 'the slide is not a slide of that campaign'
        when 'too_long' then 'too long: more seconds than the slide''s duration plus 2'
        when 'not_scheduled' then 'not scheduled: the slide was not in this screen''s playlist at that time'
        when 'overlapping' then 'overlapping: this screen was playing another play then'
        else j.reason
      end
    ) order by j.idx) filter (where j.reason is not null), '[]'::jsonb),
    count(*) filter (where j.reason is null and j.duplicate)
  into v_good, v_rejected, v_duplicates
  from plays_judged j;

  if jsonb_array_length(v_rejected) > 0 then
    insert into public.play_refusals as f (day, device_id, customer_id, reason, plays)
    select v_today, v_device.id, v_device.customer_id, k.code, count(*)
    from plays_judged j
    cross join lateral (
      select case when j.reason in ('replayed', 'unknown_campaign', 'unknown_slide', 'other_venue', 'not_in_campaign',
                                    'too_long', 'not_scheduled', 'overlapping') then j.reason else 'invalid' end as code
    ) k
    where j.reason is not null
    group by k.code
    on conflict (device_id, day, reason) do update set plays = f.plays + excluded.plays;

    select sum(f.plays) into v_refused from public.play_refusals f where f.device_id = v_device.id and f.day = v_today;
    if v_refused >= private.refusal_alert_plays() then
      insert into public.system_alerts (alert_type, severity, message, customer_id, device_id, alert_day)
      select 'plays_refused', 'medium',
             format('%s at %s: %s plays refused today (%s).', v_device.device_name, coalesce(c.name, 'its venue'), v_refused,
                    (select string_agg(replace(f.reason, '_', ' ') || ': ' || f.plays, ', ' order by f.plays desc, f.reason)
                     from public.play_refusals f where f.device_id = v_device.id and f.day = v_today)),
             v_device.customer_id, v_device.id, v_today
      from (select 1) one
      left join public.customers c on c.id = v_device.customer_id
      on conflict do nothing;
    end if;
  end if;

  if jsonb_array_length(v_good) > 0 then
    v_new := private.store_plays(v_device, v_good);
  end if;

  return jsonb_build_object(
    'accepted', v_new,
    'duplicates', v_duplicates + jsonb_array_length(v_good) - v_new,
    'rejected', v_rejected
  );
end
$_$;

comment on function public.record_plays(jsonb, uuid) is
  'A player uploads finished slides [{id, started_at, seconds, campaign_id, slide_id}] for its device. Each is checked: its slide in this screen''s playlist at its start as the schedule then stood (within the clock drift its heartbeat measured plus a margin), at most the slide''s duration plus 2 s, no overlap with the screen''s other plays, identity (device_id, id): the same play again is a duplicate, the same id with another start or length is refused as replayed. Refusals come back with a reason each (index, id, reason), are counted in play_refusals and raise an alert past a threshold. Returns {accepted, duplicates, rejected}.';

-------------------------------------------------------------------------------------------
-- Merging devices: the sums keep their labels.
-------------------------------------------------------------------------------------------

create or replace function public.merge_devices(p_from uuid, p_into uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_from public.equipment_status;
  v_into public.equipment_status;
begin
  if not public.is_admin() then
    raise exception 'Only admins can merge devices.'
      using errcode = '42501';
  end if;
  if p_from = p_into then
    raise exception 'A device cannot be merged into itself.'
      using errcode = '22023';
  end if;
  select * into v_from from public.equipment_status e where e.id = p_from for update;
  if not found then
    raise exception 'The device to merge does not exist.' using errcode = 'P0002';
  end if;
  select * into v_into from public.equipment_status e where e.id = p_into for update;
  if not found then
    raise exception 'The device to merge into does not exist.' using errcode = 'P0002';
  end if;
  if v_from.customer_id is distinct from v_into.customer_id then
    raise exception 'Only devices of the same venue can be merged.'
      using errcode = '23514', table = 'equipment_status', column = 'customer_id', schema = 'public';
  end if;
  if v_from.screen_user_id is not null then
    raise exception '"%" is a paired screen: revoke it before merging it into another device.', v_from.device_name
      using errcode = '23514', table = 'equipment_status', column = 'screen_user_id', schema = 'public';
  end if;

  -- The campaigns that chose the ghost now choose the device it is merged into.
  insert into public.campaign_screens (campaign_id, device_id)
  select s.campaign_id, p_into from public.campaign_screens s where s.device_id = p_from
  on conflict do nothing;

  -- Proof of play follows the device (each play keeps the screen name it was recorded under).
  update public.plays p
  set device_id = p_into,
      recorded_device_id = coalesce(p.recorded_device_id, p.device_id)
  where p.device_id = p_from;

  with moved as (
    delete from public.play_hours h where h.device_id = p_from
    returning h.*
  )
  insert into public.play_hours as h (hour, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
  select m.hour, p_into, m.customer_id, m.campaign_id, m.slide_id, m.ad_id, m.label_id, m.advertiser_id, m.plays, m.seconds
  from moved m
  on conflict (hour, device_id, campaign_id, slide_id, ad_id, label_id) do update
    set plays = h.plays + excluded.plays,
        seconds = h.seconds + excluded.seconds,
        advertiser_id = coalesce(h.advertiser_id, excluded.advertiser_id);

  with moved as (
    delete from public.play_days d where d.device_id = p_from
    returning d.*
  )
  insert into public.play_days as d (day, device_id, customer_id, campaign_id, slide_id, ad_id, label_id, advertiser_id, plays, seconds)
  select m.day, p_into, m.customer_id, m.campaign_id, m.slide_id, m.ad_id, m.label_id, m.advertiser_id, m.plays, m.seconds
  from moved m
  on conflict (day, device_id, campaign_id, slide_id, ad_id, label_id) do update
    set plays = d.plays + excluded.plays,
        seconds = d.seconds + excluded.seconds,
        advertiser_id = coalesce(d.advertiser_id, excluded.advertiser_id);

  -- Refusal counts follow too.
  with moved as (
    delete from public.play_refusals f where f.device_id = p_from
    returning f.*
  )
  insert into public.play_refusals as f (day, device_id, customer_id, reason, plays)
  select m.day, p_into, m.customer_id, m.reason, m.plays
  from moved m
  on conflict (device_id, day, reason) do update set plays = f.plays + excluded.plays;

  -- Its alerts: an open silence ends here, then the history moves to the kept device.
  update public.system_alerts a
  set ended_at = now(),
      resolved = true
  where a.device_id = p_from
    and a.alert_type = 'offline'
    and a.ended_at is null;

  update public.system_alerts a
  set device_id = p_into
  where a.device_id = p_from
    and not exists (
      select 1 from public.system_alerts k
      where k.device_id = p_into and k.alert_type = a.alert_type
        and (k.silent_since = a.silent_since or (a.alert_type = 'plays_refused' and k.alert_day = a.alert_day))
    );

  -- Kiosks still naming the merged device (or one merged into it before) now report here.
  update public.merged_devices m set into_id = p_into where m.into_id = p_from;
  insert into public.merged_devices (from_id, into_id) values (p_from, p_into)
  on conflict (from_id) do update set into_id = excluded.into_id, merged_at = now();

  delete from public.equipment_status e where e.id = p_from;
end
$$;

-------------------------------------------------------------------------------------------
-- Reports: the names plays were shown under.
-------------------------------------------------------------------------------------------

create or replace function public.plays_report(
  p_from date, p_to date, p_group text default 'campaign', p_customer_id uuid default null, p_advertiser_id uuid default null
)
returns table (key text, label text, detail text, plays bigint, seconds numeric, screens bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_customer uuid := private.report_scope(p_from, p_to, p_customer_id);
  v_advertiser uuid := private.report_advertiser(p_advertiser_id);
begin
  if p_group is null or p_group not in ('campaign', 'advertiser', 'ad', 'venue', 'screen', 'day') then
    raise exception 'Group plays by campaign, advertiser, ad, venue, screen or day (got %).', coalesce(p_group, 'nothing')
      using errcode = '22023';
  end if;

  return query
  with scoped as materialized (
    select
      case p_group
        when 'campaign' then d.campaign_id::text
        when 'advertiser' then d.advertiser_id::text
        when 'ad' then d.ad_id::text
        when 'venue' then d.customer_id::text
        when 'screen' then d.device_id::text
        else to_char(d.day, 'YYYY-MM-DD')
      end as k,
      d.day, d.device_id, d.customer_id, d.label_id, d.plays, d.seconds
    from public.play_days d
    where d.day between p_from and p_to
      and (v_customer is null or d.customer_id = v_customer)
      and (v_advertiser is null or d.advertiser_id = v_advertiser)
  ),
  grouped as (
    select s.k,
      sum(s.plays)::bigint as n,
      sum(s.seconds) as secs,
      count(distinct s.device_id)::bigint as devices,
      count(distinct s.customer_id) as customers,
      min(s.label_id::text)::uuid as one_label
    from scoped s
    group by s.k
  ),
  -- Each group is named as it was last shown in the period: of its latest day's names, the
  -- one most of that day's plays were shown under. (One sort of the day sums; the labels are
  -- read only for each group's last day; days are named by themselves.)
  per_day as (
    select s.k, s.day, s.label_id, sum(s.plays) as n, max(s.day) over (partition by s.k) as last_day
    from scoped s
    where p_group <> 'day'
    group by s.k, s.day, s.label_id
  ),
  latest as (
    select distinct on (y.k) y.k, y.name, y.venue_name, y.advertiser_name
    from (
      select x.k,
        case p_group
          when 'campaign' then l.campaign_name
          when 'advertiser' then l.advertiser_name
          when 'ad' then l.ad_title
          when 'venue' then l.venue_name
          when 'screen' then l.screen_name
        end as name,
        min(l.venue_name) as venue_name,
        min(l.advertiser_name) as advertiser_name,
        sum(x.n) as n
      from per_day x
      left join public.play_labels l on l.id = x.label_id
      where x.day = x.last_day
      group by 1, 2
    ) y
    order by y.k, y.n desc, y.name
  )
  select
    g.k,
    case p_group
      when 'campaign' then coalesce(lt.name, case when g.k is null then 'No campaign' else 'Deleted campaign' end)
      when 'advertiser' then coalesce(lt.name, case when g.k is null then 'No advertiser' else 'Deleted advertiser' end)
      when 'ad' then coalesce(lt.name, case when g.k is null then 'No ad' else 'Deleted ad' end)
      when 'venue' then coalesce(lt.name, 'Deleted venue')
      when 'screen' then coalesce(lt.name, 'Deleted screen')
      else g.k
    end,
    case p_group
      when 'campaign' then
        case when g.k is not null and (
               select h.customer_id is null and h.advertiser_id is not null from private.campaign_history h
               where h.campaign_id = g.k::uuid order by lower(h.valid) desc nulls last limit 1)
             then 'Network · ' || coalesce(lt.advertiser_name, '')
             when g.customers = 1 then coalesce(lt.venue_name, '')
             else g.customers || ' venues' end
      when 'screen' then coalesce(lt.venue_name, '')
      when 'ad' then coalesce(lt.advertiser_name, '')
      when 'venue' then coalesce(v.location, '')
      else case when g.customers = 1
                then coalesce((select l.venue_name from public.play_labels l where l.id = g.one_label), '')
                else g.customers || ' venues' end
    end,
    g.n,
    g.secs,
    g.devices
  from grouped g
  left join latest lt on lt.k is not distinct from g.k
  left join public.customers v on p_group = 'venue' and v.id::text = g.k
  order by case when p_group = 'day' then g.k end, g.n desc, 2;
end
$$;

comment on function public.plays_report(date, date, text, uuid, uuid) is
  'Proof of play: plays, seconds on screen and screens per campaign, advertiser, ad, venue, screen or day over venue-local days p_from..p_to, each named as its plays were shown (the latest name in the period: play_labels), never by today''s name; admins any venue, a venue its own, an advertiser its own plays.';
