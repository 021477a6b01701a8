-- A device's name is what operators find it by: not blank, at most 100 characters, the
-- rule pair_screen and player_heartbeat already apply, now also for an admin's direct
-- rename (Equipment → Edit). Existing names are trimmed first so the rule can hold.
update public.equipment_status
set device_name = left(btrim(device_name), 100)
where device_name is distinct from left(btrim(device_name), 100);

update public.equipment_status
set device_name = 'Device'
where device_name = '';

alter table public.equipment_status
  add constraint equipment_status_device_name_is_trimmed_1_to_100_characters
  check (device_name = btrim(device_name) and char_length(device_name) between 1 and 100);
