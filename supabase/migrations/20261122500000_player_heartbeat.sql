-- Player heartbeat: a customer's screen reports, while it plays, which device it is
-- and which campaign it shows. Customers have no write access to equipment_status;
-- this one function is the only way they change it, and only for their own devices.

alter table public.equipment_status
  add column current_campaign_id uuid references public.campaigns (id) on delete set null,
  add column content_version text;

comment on column public.equipment_status.current_campaign_id is
  'The campaign the device reported playing in its last heartbeat.';
comment on column public.equipment_status.content_version is
  'Version of the playlist the device reported in its last heartbeat; a change sets last_content_update.';

create index equipment_status_customer_id_device_name_idx
  on public.equipment_status (customer_id, device_name);

-- Records a heartbeat of the signed-in customer's player and returns the device id.
--  * p_device_id given: the device must belong to the caller's customer (42501 otherwise).
--  * no id: the customer's device named p_device_name is used, or created.
-- Sets status 'online', is_active, last_heartbeat now(); last_content_update when the
-- reported campaign or playlist version differs from the last heartbeat's.
-- A device silent for 3 intervals (3 minutes) counts as offline; readers derive that.
create or replace function public.player_heartbeat(
  p_device_id uuid default null,
  p_device_name text default null,
  p_campaign_id uuid default null,
  p_content_version text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_customer_id uuid := public.current_customer_id();
  v_device public.equipment_status;
  v_name text := nullif(btrim(coalesce(p_device_name, '')), '');
  v_location text;
begin
  if v_customer_id is null then
    raise exception 'Only a signed-in customer''s player can report a heartbeat.'
      using errcode = '42501';
  end if;

  if p_campaign_id is not null and not exists (
    select 1 from public.campaigns c where c.id = p_campaign_id and c.customer_id = v_customer_id
  ) then
    raise exception 'Campaign % is not one of your campaigns.', p_campaign_id
      using errcode = '42501';
  end if;

  if p_device_id is not null then
    select * into v_device from public.equipment_status e where e.id = p_device_id for update;
    if not found or v_device.customer_id is distinct from v_customer_id then
      raise exception 'Device % is not one of your devices.', p_device_id
        using errcode = '42501';
    end if;
  else
    if v_name is null then
      raise exception 'A device id or a device name is required.'
        using errcode = '22023';
    end if;
    if length(v_name) > 100 then
      raise exception 'A device name can have at most 100 characters.'
        using errcode = '22023';
    end if;
    select * into v_device
    from public.equipment_status e
    where e.customer_id = v_customer_id and e.device_name = v_name
    order by e.created_at
    limit 1
    for update;
    if not found then
      select c.location into v_location from public.customers c where c.id = v_customer_id;
      insert into public.equipment_status (customer_id, device_name, location, status, is_active)
      values (v_customer_id, v_name, v_location, 'online', true)
      returning * into v_device;
    end if;
  end if;

  update public.equipment_status e
  set status = 'online',
      is_active = true,
      last_heartbeat = now(),
      last_content_update = case
        when e.last_content_update is null
          or e.current_campaign_id is distinct from p_campaign_id
          or e.content_version is distinct from p_content_version
        then now()
        else e.last_content_update
      end,
      current_campaign_id = p_campaign_id,
      content_version = p_content_version
  where e.id = v_device.id;

  return v_device.id;
end
$$;

comment on function public.player_heartbeat(uuid, text, uuid, text) is
  'A customer''s player reports it is playing: marks its device online with a fresh heartbeat and the campaign it plays. Finds or creates the device by name when no id is given. Own devices only (42501).';

revoke all on function public.player_heartbeat(uuid, text, uuid, text) from public, anon;
grant execute on function public.player_heartbeat(uuid, text, uuid, text) to authenticated;
