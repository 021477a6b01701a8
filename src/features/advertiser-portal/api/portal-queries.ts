// What the advertiser's portal reads, all with the advertiser's own login: row-level
// security and the advertiser functions answer with its own rows only (its company, its
// campaigns, ads and slides, the screens and venues where they play, its delivery and plays).
import { queryOptions } from '@tanstack/react-query';
import { tableKeys } from '@/entities/query-keys/table-keys';
import { withLocalizedErrors } from '@/entities/advertiser/server-errors';
import { supabase } from '@/lib/supabase';

/** A read whose failure raised by our own SQL reads in the current language. */
const localized =
  <T>(read: () => Promise<T>) =>
  (): Promise<T> =>
    withLocalizedErrors(read);

export const portalKeys = {
  me: () => [...tableKeys.advertisers, 'portal', 'me'] as const,
  campaigns: () => [...tableKeys.campaigns, 'portal', 'list'] as const,
  pacing: () => [...tableKeys.plays, 'portal', 'pacing'] as const,
  delivery: (id: string) => [...tableKeys.plays, 'portal', 'delivery', id] as const,
  performance: (id: string, from: string, to: string) =>
    [...tableKeys.plays, 'portal', 'performance', id, from, to] as const,
  screens: () => [...tableKeys.equipment_status, 'portal', 'screens'] as const,
  creatives: () => [...tableKeys.ads, 'portal', 'creatives'] as const,
};

export interface PortalAdvertiser {
  id: string;
  business_name: string;
  advertiser_name: string;
  address: string | null;
  email: string;
}

/** The signed-in advertiser's own company (the only advertiser row it may read). */
export const myAdvertiserQueryOptions = () =>
  queryOptions({
    queryKey: portalKeys.me(),
    queryFn: localized(async (): Promise<PortalAdvertiser | null> => {
      const { data } = await supabase
        .from('advertisers')
        .select('id, business_name, advertiser_name, address, email')
        .limit(1)
        .maybeSingle()
        .throwOnError();
      return data;
    }),
  });

export interface PortalCampaign {
  id: string;
  name: string;
  kind: 'network' | 'venue';
  /** The venue of a venue's campaign carrying the advertiser's ads; null for a network campaign. */
  venueName: string | null;
  status: string;
  startDate: string | null;
  endDate: string | null;
  /** Screens it plays on now. */
  screens: number;
  /** The advertiser's plays of it so far (2 years), and their seconds on screen. */
  plays: number;
  seconds: number;
}

export const portalCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: portalKeys.campaigns(),
    queryFn: localized(async (): Promise<PortalCampaign[]> => {
      const { data } = await supabase.rpc('advertiser_campaigns').throwOnError();
      return (data ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        kind: c.kind === 'network' ? 'network' : 'venue',
        venueName: (c.venue_name as string | null) ?? null,
        status: c.status,
        startDate: (c.start_date as string | null) ?? null,
        endDate: (c.end_date as string | null) ?? null,
        screens: Number(c.screens),
        plays: Number(c.plays),
        seconds: Number(c.seconds),
      }));
    }),
  });

export interface Pacing {
  expected: number;
  recorded: number;
  /** recorded ÷ expected; null while nothing was expected yet. */
  pace: number | null;
}

/** Delivery against booking of the advertiser's network campaigns, by campaign id. */
export const portalPacingQueryOptions = () =>
  queryOptions({
    queryKey: portalKeys.pacing(),
    queryFn: localized(async (): Promise<Map<string, Pacing>> => {
      const { data } = await supabase.rpc('network_campaign_pacing').throwOnError();
      return new Map(
        (data ?? []).map((row) => [
          row.campaign_id,
          {
            expected: Number(row.expected_plays),
            recorded: Number(row.recorded_plays),
            pace: row.pace === null ? null : Number(row.pace),
          },
        ]),
      );
    }),
  });

export interface DeliveryDay {
  day: string;
  screens: number;
  expected: number;
  recorded: number;
}

/** A network campaign's delivery per day, from its start to its end or today. */
export const portalDeliveryQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: portalKeys.delivery(campaignId),
    queryFn: localized(async (): Promise<DeliveryDay[]> => {
      const { data } = await supabase.rpc('campaign_delivery', { p_campaign_id: campaignId }).throwOnError();
      return (data ?? []).map((d) => ({
        day: d.day,
        screens: Number(d.screens),
        expected: Number(d.expected_plays),
        recorded: Number(d.recorded_plays),
      }));
    }),
  });

export interface PortalScreen {
  deviceId: string;
  screenName: string;
  venueId: string;
  venueName: string;
  venueAddress: string | null;
  timeZone: string;
}

/** The screens where the advertiser's campaigns play or played: names, and venues' names and addresses. */
export const portalScreensQueryOptions = () =>
  queryOptions({
    queryKey: portalKeys.screens(),
    queryFn: localized(async (): Promise<PortalScreen[]> => {
      const { data } = await supabase.rpc('advertiser_screens').throwOnError();
      return (data ?? []).map((s) => ({
        deviceId: s.device_id,
        screenName: s.screen_name,
        venueId: s.venue_id,
        venueName: s.venue_name,
        venueAddress: (s.venue_address as string | null) ?? null,
        timeZone: s.time_zone,
      }));
    }),
  });

export interface CreativeSlide {
  id: string;
  title: string | null;
  campaign_id: string;
  ad_id: string | null;
  image_url: string | null;
  media_kind: string;
  duration: number;
}

export interface Creative {
  id: string;
  title: string;
  status: string;
  slides: CreativeSlide[];
}

export interface Creatives {
  ads: Creative[];
  /** Slides of the advertiser's network campaigns that name no ad of theirs. */
  unassigned: CreativeSlide[];
}

/** The advertiser's ads with the slides that show them. */
export const portalCreativesQueryOptions = () =>
  queryOptions({
    queryKey: portalKeys.creatives(),
    queryFn: localized(async (): Promise<Creatives> => {
      const [ads, slides] = await Promise.all([
        supabase.from('ads').select('id, title, status').order('title').throwOnError(),
        supabase
          .from('campaign_items')
          .select('id, title, campaign_id, ad_id, image_url, media_kind, duration')
          .order('display_order')
          .throwOnError(),
      ]);
      const byAd = new Map<string, CreativeSlide[]>();
      const unassigned: CreativeSlide[] = [];
      const adIds = new Set(ads.data.map((a) => a.id));
      for (const slide of slides.data) {
        if (slide.ad_id && adIds.has(slide.ad_id)) {
          byAd.set(slide.ad_id, [...(byAd.get(slide.ad_id) ?? []), slide]);
        } else {
          unassigned.push(slide);
        }
      }
      return { ads: ads.data.map((a) => ({ ...a, slides: byAd.get(a.id) ?? [] })), unassigned };
    }),
  });

export interface Performance {
  campaign: {
    id: string;
    name: string;
    kind: 'network' | 'venue';
    status: string;
    start_date: string | null;
    end_date: string | null;
    advertiser: string | null;
    venue: string | null;
  };
  from: string;
  to: string;
  totals: { plays: number; seconds: number; venues: number; screens: number; days_with_plays: number };
  days: { day: string; plays: number; seconds: number }[];
  venues: { id: string; name: string; address: string; plays: number; seconds: number; screens: number }[];
  screens: { id: string; name: string; venue: string; plays: number; seconds: number }[];
  sample: {
    started_at: string;
    seconds: number;
    slide: string;
    ad: string;
    media_kind: string | null;
    media_path: string | null;
    screen: string;
    venue: string;
    time_zone: string;
  }[];
}

/** One campaign's proof of performance over venue-local days from..to. */
export const performanceQueryOptions = (campaignId: string, from: string, to: string) =>
  queryOptions({
    queryKey: portalKeys.performance(campaignId, from, to),
    queryFn: localized(async (): Promise<Performance> => {
      const { data } = await supabase
        .rpc('campaign_performance', { p_campaign_id: campaignId, p_from: from, p_to: to })
        .throwOnError();
      const report = data as unknown as Performance;
      const num = <T extends { plays: number; seconds: number }>(row: T): T => ({
        ...row,
        plays: Number(row.plays),
        seconds: Number(row.seconds),
      });
      return {
        ...report,
        totals: {
          plays: Number(report.totals.plays),
          seconds: Number(report.totals.seconds),
          venues: Number(report.totals.venues),
          screens: Number(report.totals.screens),
          days_with_plays: Number(report.totals.days_with_plays),
        },
        days: report.days.map(num),
        venues: report.venues.map(num),
        screens: report.screens.map(num),
        sample: report.sample.map((s) => ({ ...s, seconds: Number(s.seconds) })),
      };
    }),
  });
