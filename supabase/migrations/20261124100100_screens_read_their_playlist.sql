-- A paired screen hears of changes to what it plays. Supabase Realtime delivers a
-- change only to subscribers whose row-level security lets them select the row, and
-- until now a screen's login read nothing but its playlist (through player_playlist())
-- and its slides' images. It now reads, like its venue:
--   * the venue's campaigns, their slides and their chosen screens;
--   * its own device row, even while the device is switched off (is_active false), and
--     after it was revoked: the row is named by the device id in the screen's token
--     (app_metadata.screen_device_id, set by the screen-pairing function), so the revoke
--     itself reaches the screen at once and it goes back to its pairing code. Its login is
--     deleted on revoke, so that token (at most an hour left) is all that still reads the
--     row, and only while no other login is paired to the device. A venue's login keeps
--     reading all of its devices.
-- It still reads nothing else: not the venue's customers row (contact details, fees),
-- not the venue's files, no other device, and it writes nothing but its heartbeat.
-- viewer_customer_id() is the venue's own login's venue, or the venue of the active
-- device the caller is the paired screen of.

alter policy "Customers can read their own campaigns" on public.campaigns
  using (customer_id = (select public.viewer_customer_id()));
alter policy "Customers can read their own campaigns" on public.campaigns
  rename to "Venues and their screens can read the venue's campaigns";

alter policy "Customers can read the slides of their own campaigns" on public.campaign_items
  using (
    exists (
      select 1 from public.campaigns c
      where c.id = campaign_items.campaign_id
        and c.customer_id = (select public.viewer_customer_id())
    )
  );
alter policy "Customers can read the slides of their own campaigns" on public.campaign_items
  rename to "Venues and their screens can read the slides of the venue's campaigns";

alter policy "Customers can read the screens of their own campaigns" on public.campaign_screens
  using (
    exists (
      select 1 from public.campaigns c
      where c.id = campaign_screens.campaign_id
        and c.customer_id = (select public.viewer_customer_id())
    )
  );
alter policy "Customers can read the screens of their own campaigns" on public.campaign_screens
  rename to "Venues and their screens can read the chosen screens of the venue's campaigns";

create policy "A paired screen can read its own device"
  on public.equipment_status for select
  to authenticated
  using (
    id = ((select auth.jwt()) -> 'app_metadata' ->> 'screen_device_id')::uuid
    and (screen_user_id is null or screen_user_id = (select auth.uid()))
  );
