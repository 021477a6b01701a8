-- Looking up what a slide, a campaign or a campaign's reach was at a moment reads the rows
-- around that moment, not the whole history.
--
-- record_plays judges each play by the history rows valid at its start (valid @> t, or
-- overlapping its length: valid && range). The btree indexes on (id, lower(valid)) cannot
-- answer those, so each lookup read every row the slide ever had: a slide edited every few
-- minutes (a live menu, a news title) made every one of its plays slower to judge, month on
-- month. The 30-day soak showed it (docs/reliability.md): a news slide with 1,873 versions
-- after ten days took 9.6 ms a lookup on PGlite, four lookups a play. GiST indexes over the
-- id and the range answer both operators (btree_gist gives GiST the uuid's equality).
-- The open row (upper_inf(valid)), which each edit closes, gets an index of its own.

create extension if not exists btree_gist with schema extensions;

create index slide_history_slide_valid_idx on private.slide_history using gist (slide_id, valid);
create index slide_history_open_idx on private.slide_history (slide_id) where upper_inf(valid);

create index campaign_history_campaign_valid_idx on private.campaign_history using gist (campaign_id, valid);
create index campaign_history_open_idx on private.campaign_history (campaign_id) where upper_inf(valid);

create index reach_history_valid_idx on private.reach_history using gist (campaign_id, device_id, valid);
