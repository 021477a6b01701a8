// The database's types as the app's client uses them: the generated ones (database.ts, never
// edited by hand), with each jsonb argument and result the app passes or reads replaced by
// its precise shape (database-json.ts), as Supabase documents for JSON fields.
import type { Database as GeneratedDatabase } from './database';
import type {
  BookingCheck,
  CampaignTarget,
  DashboardFigures,
  DashboardOverview,
  MyScreen,
  NetworkSummary,
  PlayerPlaylist,
  PlayUpload,
  RecordedPlays,
  ScheduleWindow,
  VenueScreen,
} from './database-json';
import type { MergeDeep } from './merge-deep';

export type Database = MergeDeep<
  GeneratedDatabase,
  {
    public: {
      Functions: {
        dashboard_figures: { Returns: DashboardFigures };
        dashboard_overview: { Returns: DashboardOverview };
        my_screen: { Returns: MyScreen | null };
        network_summary: { Returns: NetworkSummary };
        player_playlist: { Returns: PlayerPlaylist };
        record_plays: { Args: { p_plays: PlayUpload[] }; Returns: RecordedPlays };
        report_screen_problem: { Args: { p_device_id: string | null } };
        venue_screens: { Returns: VenueScreen[] };
        save_campaign: {
          Args: { p_windows?: ScheduleWindow[]; p_customer_id: string | null; p_targets?: CampaignTarget[] };
        };
        // A network campaign's booking, checked before it is saved.
        check_campaign_booking: {
          Args: { p_targets?: CampaignTarget[]; p_windows?: ScheduleWindow[] };
          Returns: BookingCheck;
        };
      };
    };
  }
>;
