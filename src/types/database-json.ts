// The JSON the database's functions take and return, where the generated types only say
// `Json` (a jsonb argument or result). src/types/supabase.ts puts them into the client's
// Database type, so an rpc() call is typed by them; entities and features import them from
// here. Each shape is what the SQL function builds (supabase/schemas/public/functions/).
import type { Tables } from './database';

// Campaign schedules ---------------------------------------------------------------------

export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A daypart of a campaign (a campaign_windows row as campaign_windows_json() gives it). */
export interface ScheduleWindow {
  days: IsoWeekday[];
  /** 'HH:MM', 00:00 to 23:59. */
  start: string;
  /** 'HH:MM', 00:00 to 24:00; at or before start: over midnight. */
  end: string;
}

// player_playlist() ----------------------------------------------------------------------

/** The columns of a stored slide (campaign_items) that screens read. */
export type SlideRow = Pick<
  Tables<'campaign_items'>,
  | 'id'
  | 'campaign_id'
  | 'content_type'
  | 'slide_type'
  | 'title'
  | 'content'
  | 'image_url'
  | 'display_order'
  | 'duration'
  | 'priority'
  | 'is_active'
  | 'settings'
  | 'updated_at'
>;

/** A slide as player_playlist() returns it: the stored row with its campaign's schedule. */
export type PlayerPlaylistSlide = SlideRow & {
  /** What image_url names: image (ad-images) or video (ad-videos). */
  media_kind: string;
  campaign_start_date: string | null;
  campaign_end_date: string | null;
  /** active or scheduled (the others never play). */
  campaign_status: string;
  campaign_priority: number;
  /** The campaign's dayparts; none: all day. */
  campaign_windows: ScheduleWindow[];
  /** Whether the server found it on air at the time of the read. */
  on_air: boolean;
};

export interface PlaylistVenue {
  id: string;
  name: string;
  time_zone: string;
  /** The language the venue's walls speak (en, es or de); missing in a playlist kept from before it was returned. */
  locale?: string;
}

/** A slide of a network campaign as player_playlist() returns it in a spot (its schedule is the spot's). */
export type PlayerSpotSlide = SlideRow & {
  /** What image_url names: image (ad-images) or video (ad-videos). */
  media_kind: string;
};

/**
 * A network campaign booked on the screen: it takes spots_per_loop spots in each of the
 * screen's loops, each spot one of its slides in turn, spot_seconds long (its longest slide).
 */
export interface PlayerSpot {
  campaign_id: string;
  campaign_name: string;
  advertiser_id: string | null;
  advertiser_name: string | null;
  /** 1 to 20. */
  spots_per_loop: number;
  /** The airtime of one spot: the campaign's longest active slide, in seconds (always > 0). */
  spot_seconds: number;
  campaign_start_date: string | null;
  campaign_end_date: string | null;
  /** active or scheduled (the others never play). */
  campaign_status: string;
  /** The campaign's dayparts, in the venue's time zone; none: all day. */
  campaign_windows: ScheduleWindow[];
  /** Whether the server found it on air at the time of the read. */
  on_air: boolean;
  /** The venue's screens it is booked on (read for a screen: that screen only). */
  device_ids: string[];
  /** Its active slides in display order (at least one). */
  slides: PlayerSpotSlide[];
}

/** player_playlist(): what plays at a venue. */
export interface PlayerPlaylist {
  /** Changes whenever anything in the list of slides or spots, or the loop's length, changes ('' without a venue). */
  version: string;
  /** The venue; null when the signed-in user is no customer. */
  customer: PlaylistVenue | null;
  /** The venue's calendar day the playlist was decided for (yyyy-mm-dd). */
  today: string | null;
  /** The server's time of the read (ISO). */
  now: string;
  /** In loop order: campaign priority, then display order. */
  slides: PlayerPlaylistSlide[];
  /** The screen's loop length in seconds; null when read for no screen (or without a venue). */
  loop_seconds: number | null;
  /** The network campaigns booked on the screen (read for no screen: on any of the venue's), by campaign id. */
  spots: PlayerSpot[];
  /** What the wall plays when nothing is on air: the venue's own image, else the network's; null for none. */
  fallback: PlaylistFallback | null;
}

/** A fallback image in the ad-images bucket, and whose choice it is. */
export interface PlaylistFallback {
  image_path: string;
  source: 'venue' | 'network';
}

// venue_screens() ------------------------------------------------------------------------

/** One of the signed-in venue's screens, as its home page lists them (venue_screens()). */
export interface VenueScreen {
  id: string;
  device_name: string;
  location: string | null;
  orientation: string;
  /** online, idle, offline or error, as the Equipment page computes it. */
  live_status: string;
  revoked: boolean;
  last_heartbeat: string | null;
  current_campaign_name: string | null;
  current_slide_title: string | null;
}

// my_screen() ----------------------------------------------------------------------------

/** my_screen(): a paired screen's own device; null for any other caller or a revoked screen. */
export interface MyScreen {
  id: string;
  device_name: string;
  orientation: 'landscape' | 'portrait';
  customer_id: string | null;
  customer_name: string | null;
}

// record_plays() -------------------------------------------------------------------------

/** One finished slide as record_plays() takes it (p_plays is a list of them). */
export interface PlayUpload {
  /** Made on the device, so a batch sent twice is counted once. */
  id: string;
  /** ISO time with its zone. */
  started_at: string;
  seconds: number;
  campaign_id: string | null;
  slide_id: string | null;
}

/** What record_plays() did with a batch. */
export interface RecordedPlays {
  accepted: number;
  duplicates: number;
  /** Records refused, by their place in the batch, with why. */
  rejected: { index: number; id: unknown; reason: string }[];
}

// The network's figures ------------------------------------------------------------------

/** network_summary(): the admin shell's figures. */
export interface NetworkSummary {
  active_campaigns: number;
  /** Screens that belong to a venue. */
  displays: number;
  displays_online: number;
  /** Share of minutes the screens reported over 30 days; null before any history. */
  uptime_percent: number | null;
  unresolved_alerts: number;
}

/** The counts of one day of daily_figures (or of today, live). */
export interface DailyCounts {
  active_customers: number;
  active_advertisers: number;
  running_ads: number;
  monthly_revenue: number;
}

/** dashboard_figures(): the overview's figures. Where there is no history yet, null. */
export interface DashboardFigures {
  current: DailyCounts;
  /** The snapshot of about a month ago (within a week of that day), or null when there is none. */
  month_ago: (DailyCounts & { day: string }) | null;
  /** Monthly revenue per month ('2026-11'), oldest first; months without a snapshot are missing; the last is this month, live. */
  revenue_by_month: { month: string; revenue: number }[];
  average_monthly_revenue: number | null;
  retention_percent: number | null;
  average_campaign_days: number | null;
  uptime_percent: number | null;
}

/** dashboard_overview(): the admin's first screen in one read (the side menu, the bell, the dashboard's first view). */
export interface DashboardOverview {
  summary: NetworkSummary;
  figures: DashboardFigures;
  /** The newest unresolved alerts, newest first. */
  alerts: {
    id: string;
    alert_type: string;
    severity: string;
    message: string;
    resolved: boolean;
    created_at: string;
    device_id: string | null;
    customers: { name: string; location: string | null } | null;
  }[];
  /** The newest ads, newest first. */
  ads: {
    id: string;
    title: string;
    status: string;
    created_at: string;
    advertisers: { advertiser_name: string; business_name: string } | null;
  }[];
}

// Network campaigns ---------------------------------------------------------------------

/** Where a network campaign plays (save_campaign's and check_campaign_booking's p_targets): one venue, group or screen each. */
export type CampaignTarget = { customer_id: string } | { group_id: string } | { device_id: string };

/** The first overbooked moment of a booking (check_campaign_booking(), and a PT409's details). */
export interface Overbooking {
  device_id: string;
  /** The screen's local day, 'yyyy-mm-dd'. */
  day: string;
  /** 'HH:MM', local to the screen. */
  time: string;
  booked_seconds: number;
  loop_seconds: number;
}

/** check_campaign_booking(): whether a network campaign as the form would save it fits every screen it targets. */
export type BookingCheck = { fits: true } | ({ fits: false; message: string } & Overbooking);
