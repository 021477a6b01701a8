-- Realtime: the tables whose changes stream to subscribed clients (screens, the
-- Equipment page, the dashboard's counts and alerts, the campaign builder). Supabase Realtime reads
-- the supabase_realtime publication; every change it streams is checked against
-- the subscriber's row-level security before delivery, so a venue's screen only
-- hears of its own venue's rows.
--
-- Replica identity stays default on purpose: a DELETE then carries only the
-- primary key. Realtime cannot check a deleted row against row-level security,
-- and a full identity would send the whole old row to every subscriber whose
-- filter matches.
alter publication supabase_realtime add table
  public.customers,
  public.advertisers,
  public.ads,
  public.campaigns,
  public.campaign_items,
  public.campaign_screens,
  public.equipment_status,
  public.system_alerts;
