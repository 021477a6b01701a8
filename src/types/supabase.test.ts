// Type-level checks, made by `npm run typecheck` (tsc reads test files too): the client's
// Database type gives the JSON functions the app calls their precise shapes, leaves every
// other generated type as it was, and a field the database does not send fails to compile.
import { describe, expectTypeOf, it } from 'vitest';
import { supabase } from '@/lib/supabase';
import type { Database as GeneratedDatabase, Json } from './database';
import type * as Shapes from './database-json';
import type { MergeDeep } from './merge-deep';
import type { Database } from './supabase';

type Functions = Database['public']['Functions'];
type Generated = GeneratedDatabase['public']['Functions'];

// Never called: only their types are looked at.
const readPlaylist = async () => (await supabase.rpc('player_playlist').throwOnError()).data;
const readMyScreen = async () => (await supabase.rpc('my_screen').throwOnError()).data;
const recordPlays = async (plays: Shapes.PlayUpload[]) =>
  (await supabase.rpc('record_plays', { p_plays: plays }).throwOnError()).data;

describe('the client’s database types', () => {
  it('reads each JSON function’s answer as its shape', () => {
    expectTypeOf(readPlaylist).returns.resolves.toEqualTypeOf<Shapes.PlayerPlaylist>();
    expectTypeOf(readMyScreen).returns.resolves.toEqualTypeOf<Shapes.MyScreen | null>();
    expectTypeOf(recordPlays).returns.resolves.toEqualTypeOf<Shapes.RecordedPlays>();
    expectTypeOf<Functions['network_summary']['Returns']>().toEqualTypeOf<Shapes.NetworkSummary>();
    expectTypeOf<Functions['dashboard_figures']['Returns']>().toEqualTypeOf<Shapes.DashboardFigures>();
  });

  it('refuses a field the database does not send, and an argument of the wrong shape', () => {
    const misread = (playlist: Awaited<ReturnType<typeof readPlaylist>>) => {
      // @ts-expect-error player_playlist() has no `campaigns`.
      const campaigns: unknown = playlist.campaigns;
      return campaigns;
    };
    const misrecord = () =>
      supabase.rpc('record_plays', {
        // @ts-expect-error a play is sent with its start as an ISO string, not a number.
        p_plays: [{ id: 'a', started_at: 0, seconds: 1, campaign_id: null, slide_id: null }],
      });
    expectTypeOf(misread).toBeFunction();
    expectTypeOf(misrecord).toBeFunction();
  });

  it('takes save_campaign’s windows as windows, targets as targets, no venue for a network campaign, the rest as generated', () => {
    type Args = Functions['save_campaign']['Args'];
    expectTypeOf<Args['p_windows']>().toEqualTypeOf<Shapes.ScheduleWindow[] | undefined>();
    expectTypeOf<Args['p_targets']>().toEqualTypeOf<Shapes.CampaignTarget[] | undefined>();
    expectTypeOf<Args['p_customer_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<Omit<Args, 'p_windows' | 'p_targets' | 'p_customer_id'>>().toEqualTypeOf<
      Omit<Generated['save_campaign']['Args'], 'p_windows' | 'p_targets' | 'p_customer_id'>
    >();
  });

  it('reads check_campaign_booking’s answer as fits, or the first overbooked moment', () => {
    expectTypeOf<Functions['check_campaign_booking']['Returns']>().toEqualTypeOf<Shapes.BookingCheck>();
    expectTypeOf<Functions['check_campaign_booking']['Args']['p_targets']>().toEqualTypeOf<
      Shapes.CampaignTarget[] | undefined
    >();
  });

  it('leaves the tables, views and other functions as generated', () => {
    expectTypeOf<Database['public']['Tables']>().toEqualTypeOf<GeneratedDatabase['public']['Tables']>();
    expectTypeOf<Database['public']['Views']>().toEqualTypeOf<GeneratedDatabase['public']['Views']>();
    expectTypeOf<Functions['plays_report']>().toEqualTypeOf<Generated['plays_report']>();
    expectTypeOf<Functions['windows_cover']['Args']['p_windows']>().toEqualTypeOf<Json>();
  });
});

describe('MergeDeep', () => {
  type Base = { a: { b: string; c?: number; d: readonly string[] }; e: Json };

  it('replaces what the override names, keeping the rest and its modifiers', () => {
    type Merged = MergeDeep<Base, { a: { b: 'x'; d: number[] }; e: { f: boolean } }>;
    expectTypeOf<Merged>().toEqualTypeOf<{ a: { b: 'x'; c?: number; d: number[] }; e: { f: boolean } }>();
  });

  it('takes the override’s modifiers for the keys it names', () => {
    expectTypeOf<MergeDeep<Base, { a: { c: number } }>['a']>().toEqualTypeOf<{
      b: string;
      c: number;
      d: readonly string[];
    }>();
  });
});
