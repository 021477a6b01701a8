// "Export plays (CSV)": every raw play of the period, one line each. Raw plays are kept
// 30 days (the roll-ups the reports read are kept 2 years), so the export covers only the
// days still kept. Each play carries the names it was shown under (campaign, slide, ad,
// advertiser, venue, screen) and the file it showed, as recorded: the export prints those,
// so a later rename or deletion never changes what a past play says. Only the venues' time
// zones are looked up (to print local times).
//
// Used by Reports (admins, venues) and by the advertiser's portal (row-level security keeps an
// advertiser's login to its own plays; it cannot read venues, so it passes their time zones).
//
// How it reads: the venues that played in the period come from plays_report(..., 'venue'),
// with their play counts, which give the progress bar its total. Each venue's plays are then
// read through REST in pages of 1000, in (started_at, id) order, each page starting after
// the last row of the one before (not by offset: a page costs the same however far in, and
// plays uploaded meanwhile cannot shift rows between pages). A venue's window is its local
// days in its own time zone, as the reports count them.
import { dayIn } from '@/entities/campaign/campaign-dates';
import { addDays, parseDay, type Day } from './calendar-days';
import { playsReportQuery, type PlaysScope } from './plays-report';
import { formatHms } from './time-on-screen';
import { toCsv } from '@/lib/csv';
import { supabase } from '@/lib/supabase';
import type { QueryData } from '@supabase/supabase-js';
import type { QueryClient } from '@tanstack/react-query';

/** Raw plays live this many UTC days (public.maintain_play_partitions). */
export const RAW_PLAYS_DAYS = 30;
/** Rows per REST read (the API's max_rows). */
export const PAGE_SIZE = 1000;
/** Ids per name look-up (keeps each address short). */
const IDS_PER_READ = 100;

/**
 * The first venue-local day whose raw plays are all still kept: partitions go after 30 UTC
 * days, and a local day starts up to 14 hours before its UTC day.
 */
export function firstRawDay(now: Date = new Date()): Day {
  return addDays(dayIn('UTC', now), -(RAW_PLAYS_DAYS - 1));
}

/** The part of `scope` whose raw plays are kept: null when none is. */
export function rawScope(scope: PlaysScope, now: Date = new Date()): PlaysScope | null {
  const first = firstRawDay(now);
  if (scope.to < first) return null;
  return scope.from < first ? { ...scope, from: first } : scope;
}

export interface RawExportProgress {
  /** Plays read so far. */
  read: number;
  /** Plays the period holds, from the venue-day sums. */
  total: number;
  phase: 'reading' | 'naming';
}

export interface RawExport {
  csv: string;
  rows: number;
}

const PLAY_COLUMNS =
  'id, started_at, seconds, customer_id, campaign_name, slide_title, ad_title, advertiser_name, venue_name, screen_name, media_path, media_hash' as const;

/** The plays, with the columns the export reads (their type follows from the list). */
const selectPlays = () => supabase.from('plays').select(PLAY_COLUMNS);
type PlayRow = QueryData<ReturnType<typeof selectPlays>>[number];

/**
 * The export's header line. It stays in English whatever language the screens speak (as do
 * 'Untitled Slide' and the h:mm:ss and yyyy-mm-dd hh:mm:ss formats below): spreadsheets and
 * integrations read these files by their column names, and a file must not change shape with
 * the language of whoever downloaded it.
 */
export const RAW_HEADER = [
  'Started (UTC)',
  'Local time',
  'Time zone',
  'Venue',
  'Screen',
  'Campaign',
  'Slide',
  'Ad',
  'Advertiser',
  'Seconds',
  'Time on screen',
  'Media',
  'Media hash',
  'Play ID',
] as const;

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one is far slower than using it, and an export formats every play. */
function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(zone, format);
  }
  return format;
}

/** The wall-clock fields at `at` in `zone`, two digits each (four for the year), hours 00-23. */
function wallClock(zone: string, at: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormat(zone).formatToParts(new Date(at))) parts[part.type] = part.value;
  return parts;
}

/** The offset of `zone` from UTC at `at`, in milliseconds. */
function zoneOffset(zone: string, at: number): number {
  const c = wallClock(zone, at);
  const local = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second);
  return local - Math.floor(at / 1000) * 1000;
}

/** About when `day` starts in `zone` (exact but for a day that starts at a clock change). */
function dayStart(day: Day, zone: string): number {
  const midnight = parseDay(day)!.getTime();
  const first = midnight - zoneOffset(zone, midnight);
  return midnight - zoneOffset(zone, first);
}

/** A few hours either side of the window, so a clock change never leaves a play out; rows are then kept by their local day. */
const MARGIN_MS = 3 * 3600_000;

/** '2026-11-25 10:15:30' in `zone`. */
function localTime(iso: string, zone: string): string {
  const c = wallClock(zone, Date.parse(iso));
  return `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute}:${c.second}`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A read of a table's rows (its select), to be narrowed to some ids: each call starts a new one. */
type RowsRead<R> = () => {
  in(
    column: 'id',
    values: string[],
  ): {
    abortSignal(signal: AbortSignal): { throwOnError(): PromiseLike<{ data: R[] }> };
  };
};

/** One read per table (in slices of ids) of the rows `read` selects for `ids`, by id. */
async function namesOf<R extends { id: string }>(
  read: RowsRead<R>,
  ids: string[],
  signal: AbortSignal,
): Promise<Map<string, R>> {
  const found = new Map<string, R>();
  for (const slice of chunks(ids, IDS_PER_READ)) {
    const { data } = await read().in('id', slice).abortSignal(signal).throwOnError();
    for (const row of data) found.set(row.id, row);
  }
  return found;
}

/** The plays of one venue in its local days from..to, page after page. */
async function readVenuePlays(
  scope: PlaysScope & { customerId: string },
  zone: string,
  signal: AbortSignal,
  onPage: (rows: number) => void,
): Promise<PlayRow[]> {
  const start = new Date(dayStart(scope.from, zone) - MARGIN_MS).toISOString();
  const end = new Date(dayStart(addDays(scope.to, 1), zone) + MARGIN_MS).toISOString();
  const rows: PlayRow[] = [];
  let last: PlayRow | undefined;
  for (;;) {
    let query = selectPlays().eq('customer_id', scope.customerId).gte('started_at', start).lt('started_at', end);
    if (scope.advertiserId) query = query.eq('advertiser_id', scope.advertiserId);
    if (last) {
      query = query.or(`started_at.gt."${last.started_at}",and(started_at.eq."${last.started_at}",id.gt.${last.id})`);
    }
    const { data: page } = await query
      .order('started_at')
      .order('id')
      .limit(PAGE_SIZE)
      .abortSignal(signal)
      .throwOnError();
    if (page.length === 0) return rows;
    last = page[page.length - 1];
    const inPeriod = page.filter((p) => {
      const day = dayIn(zone, new Date(p.started_at));
      return day >= scope.from && day <= scope.to;
    });
    rows.push(...inPeriod);
    onPage(inPeriod.length);
  }
}

function throwIfAborted(signal: AbortSignal) {
  if (signal.aborted) throw new DOMException('The export was cancelled.', 'AbortError');
}

/**
 * The raw plays of `scope` (already limited to the kept days, see rawScope) as a CSV file,
 * oldest first. Calls `onProgress` after each page; `signal` cancels it.
 */
export async function exportRawPlays(
  scope: PlaysScope,
  {
    signal,
    onProgress,
    queryClient,
    timeZones,
  }: {
    signal: AbortSignal;
    onProgress: (progress: RawExportProgress) => void;
    queryClient: QueryClient;
    /** The venues' time zones by id, for a login that cannot read venues (read from customers otherwise). */
    timeZones?: ReadonlyMap<string, string>;
  },
): Promise<RawExport> {
  const venues = (await queryClient.fetchQuery({ ...playsReportQuery(scope, 'venue'), staleTime: 0 })).filter(
    (v) => v.key && v.plays > 0,
  );
  throwIfAborted(signal);
  const total = venues.reduce((sum, v) => sum + v.plays, 0);
  let read = 0;
  onProgress({ read, total, phase: 'reading' });

  const customers: ReadonlyMap<string, { time_zone: string }> = timeZones
    ? new Map([...timeZones].map(([id, zone]) => [id, { time_zone: zone }]))
    : await namesOf<{ id: string; time_zone: string }>(
        () => supabase.from('customers').select('id, time_zone'),
        venues.map((v) => v.key!),
        signal,
      );
  const plays: PlayRow[] = [];
  for (const venue of venues) {
    const zone = customers.get(venue.key!)?.time_zone ?? 'UTC';
    const rows = await readVenuePlays({ ...scope, customerId: venue.key! }, zone, signal, (n) => {
      read += n;
      onProgress({ read, total: Math.max(total, read), phase: 'reading' });
    });
    plays.push(...rows);
  }

  onProgress({ read, total: Math.max(total, read), phase: 'naming' });
  plays.sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at) || a.id.localeCompare(b.id));
  const csv = toCsv(
    RAW_HEADER,
    plays.map((p) => {
      const zone = customers.get(p.customer_id)?.time_zone ?? 'UTC';
      const seconds = Number(p.seconds);
      return [
        new Date(p.started_at).toISOString(),
        localTime(p.started_at, zone),
        zone,
        p.venue_name ?? '',
        p.screen_name ?? '',
        p.campaign_name ?? '',
        p.slide_title || 'Untitled Slide',
        p.ad_title ?? '',
        p.advertiser_name ?? '',
        seconds,
        formatHms(seconds),
        p.media_path ?? '',
        p.media_hash ?? '',
        p.id,
      ];
    }),
  );
  return { csv, rows: plays.length };
}
