// What is still free on the network's screens, per screen and day: network_availability()
// (admins only) gives each screen's loop length and the peak seconds network campaigns book of
// it within the day; screen_day_bookings() the campaigns booked on one screen on one day.
// Reads are keyed under the network's figures, which campaigns and screens refresh.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { message, translate, type MessageKey } from '@/i18n';
import { serverMessage } from '@/lib/write-errors';
import { supabase } from '@/lib/supabase';
import { tableKeys } from '@/entities/query-keys/table-keys';
import { addDays, daysBetween, parseDay, type Day } from '@/entities/plays/calendar-days';
import type { ScheduleWindow } from '@/types/database-json';

/** What network_availability() and screen_day_bookings() refuse with, in the catalogue's words. */
const serverTexts: Record<string, MessageKey> = {
  "Only the team can read the network's availability.": 'availability:errors.teamOnly',
  'The period needs a start and an end on or after it.': 'availability:errors.period',
  'The period is at most a year.': 'availability:errors.periodTooLong',
  'Only the team can read bookings.': 'availability:errors.bookingsTeamOnly',
};

/** Reads `read`, failing with the catalogue's words for the database's own refusals (others as they came). */
async function inOwnWords<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    const key = serverTexts[serverMessage(error)];
    throw key ? new Error(translate(key), { cause: error }) : error;
  }
}

/** The days an availability read may span (the database refuses more than a year). */
export const MAX_AVAILABILITY_DAYS = 366;
/** The default period: today and the 13 days after it. */
export const DEFAULT_AVAILABILITY_DAYS = 14;
/** The most rows one read returns (a hosted project's max_rows): pages of screens fit in it. */
export const MAX_ROWS_PER_READ = 1000;
/** The most screens one page of the grid shows. */
export const MAX_SCREENS_PER_PAGE = 50;

const daySchema = z.string().refine((value) => parseDay(value) !== null, message('availability:period.enterDate'));

/** The period a person asks for: an end on or after the start, at most a year of days. */
export const availabilityPeriodSchema = z
  .object({ start: daySchema, end: daySchema })
  .refine(({ start, end }) => end >= start, { ...message('availability:period.endBeforeStart'), path: ['end'] })
  .refine(({ start, end }) => end < start || daysBetween(start, end) + 1 <= MAX_AVAILABILITY_DAYS, {
    ...message('availability:period.tooLong', { count: MAX_AVAILABILITY_DAYS }),
    path: ['end'],
  });

export type AvailabilityPeriod = z.output<typeof availabilityPeriodSchema>;

export interface AvailabilityFilters extends AvailabilityPeriod {
  /** Only this group's screens ('' for all). */
  groupId: string;
  /** Only this venue's screens ('' for all). */
  venueId: string;
}

/** Every day of the period, in order. */
export function periodDays({ start, end }: AvailabilityPeriod): Day[] {
  return Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => addDays(start, i));
}

/** As many screens per page as keep one read under MAX_ROWS_PER_READ rows (one row per screen and day). */
export function screensPerPage(days: number): number {
  return Math.max(1, Math.min(MAX_SCREENS_PER_PAGE, Math.floor(MAX_ROWS_PER_READ / days)));
}

export interface DayLoad {
  loopSeconds: number;
  bookedSeconds: number;
}

export interface ScreenAvailability {
  id: string;
  name: string;
  venue: string | null;
  /** By day. */
  days: Record<Day, DayLoad>;
}

export const availabilityKeys = {
  all: [...tableKeys.network_figures, 'availability'] as const,
  screens: (filters: AvailabilityFilters, page: number) => [...availabilityKeys.all, 'screens', filters, page] as const,
  group: (filters: AvailabilityFilters, groupId: string) =>
    [...availabilityKeys.all, 'group', filters, groupId] as const,
  bookings: (deviceId: string, day: Day) => [...availabilityKeys.all, 'bookings', deviceId, day] as const,
};

function rpcArgs({ start, end, groupId, venueId }: AvailabilityFilters) {
  return {
    p_start: start,
    p_end: end,
    ...(groupId && { p_group_id: groupId }),
    ...(venueId && { p_customer_id: venueId }),
  };
}

async function screenNames(ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { name: string; venue: string | null }>();
  const { data } = await supabase
    .from('equipment_status_live')
    .select('id, device_name, customer_name')
    .in('id', [...ids])
    .throwOnError();
  return new Map(
    data.map((d) => [
      d.id ?? '',
      { name: d.device_name ?? translate('availability:screens.unnamed'), venue: d.customer_name },
    ]),
  );
}

type AvailabilityRow = { device_id: string; day: string; loop_seconds: number; booked_seconds: number };

/** Rows grouped by screen, in the order the database gave them. */
function byScreen(rows: readonly AvailabilityRow[]): Map<string, Record<Day, DayLoad>> {
  const screens = new Map<string, Record<Day, DayLoad>>();
  for (const row of rows) {
    const days = screens.get(row.device_id) ?? {};
    days[row.day] = { loopSeconds: row.loop_seconds, bookedSeconds: row.booked_seconds };
    screens.set(row.device_id, days);
  }
  return screens;
}

/**
 * One page of screens: the database returns a row per screen and day, ordered by screen then
 * day, so a page of screens is a range of rows (and the count of rows, divided by the days, is
 * the count of screens).
 */
async function fetchScreenPage(filters: AvailabilityFilters, page: number) {
  const days = periodDays(filters).length;
  const perPage = screensPerPage(days);
  const from = page * perPage * days;
  const { data, count } = await supabase
    .rpc('network_availability', rpcArgs(filters), { count: 'exact' })
    .range(from, from + perPage * days - 1)
    .throwOnError();
  const loads = byScreen(data);
  const names = await screenNames([...loads.keys()]);
  const screens: ScreenAvailability[] = [...loads].map(([id, byDay]) => ({
    id,
    name: names.get(id)?.name ?? translate('availability:screens.unnamed'),
    venue: names.get(id)?.venue ?? null,
    days: byDay,
  }));
  return { screens, totalScreens: Math.ceil((count ?? data.length) / days), perPage };
}

export const screenAvailabilityQueryOptions = (filters: AvailabilityFilters, page: number) =>
  queryOptions({
    queryKey: availabilityKeys.screens(filters, page),
    queryFn: () => inOwnWords(fetchScreenPage(filters, page)),
    placeholderData: keepPreviousData,
  });

export interface GroupDay {
  /** How many of the group's screens have a loop that day. */
  screens: number;
  /** How many still have room (booked under their loop). */
  withRoom: number;
  /** The fullest screen that day. */
  fullest: { id: string; name: string; venue: string | null } & DayLoad;
}

/** Every row of a read, in reads of MAX_ROWS_PER_READ rows (a group may hold thousands of screens). */
async function fetchAllRows(filters: AvailabilityFilters): Promise<AvailabilityRow[]> {
  const rows: AvailabilityRow[] = [];
  for (let from = 0; ; from += MAX_ROWS_PER_READ) {
    const { data } = await supabase
      .rpc('network_availability', rpcArgs(filters))
      .range(from, from + MAX_ROWS_PER_READ - 1)
      .throwOnError();
    rows.push(...data);
    if (data.length < MAX_ROWS_PER_READ) return rows;
  }
}

/** A group's days: per day its fullest screen, and how many of its screens still have room. */
async function fetchGroupDays(filters: AvailabilityFilters, groupId: string): Promise<Record<Day, GroupDay>> {
  const rows = await fetchAllRows({ ...filters, groupId });
  const perDay = new Map<Day, { screens: number; withRoom: number; fullest: AvailabilityRow }>();
  for (const row of rows) {
    const day = perDay.get(row.day);
    const room = row.booked_seconds < row.loop_seconds ? 1 : 0;
    if (!day) {
      perDay.set(row.day, { screens: 1, withRoom: room, fullest: row });
      continue;
    }
    day.screens += 1;
    day.withRoom += room;
    const share = (r: AvailabilityRow) => (r.loop_seconds > 0 ? r.booked_seconds / r.loop_seconds : 1);
    if (share(row) > share(day.fullest)) day.fullest = row;
  }
  const names = await screenNames([...new Set([...perDay.values()].map((d) => d.fullest.device_id))]);
  return Object.fromEntries(
    [...perDay].map(([day, d]) => [
      day,
      {
        screens: d.screens,
        withRoom: d.withRoom,
        fullest: {
          id: d.fullest.device_id,
          name: names.get(d.fullest.device_id)?.name ?? translate('availability:screens.unnamed'),
          venue: names.get(d.fullest.device_id)?.venue ?? null,
          loopSeconds: d.fullest.loop_seconds,
          bookedSeconds: d.fullest.booked_seconds,
        },
      },
    ]),
  );
}

export const groupAvailabilityQueryOptions = (filters: AvailabilityFilters, groupId: string) =>
  queryOptions({
    queryKey: availabilityKeys.group(filters, groupId),
    queryFn: () => inOwnWords(fetchGroupDays(filters, groupId)),
  });

async function fetchBookings(deviceId: string, day: Day) {
  const { data } = await supabase.rpc('screen_day_bookings', { p_device_id: deviceId, p_day: day }).throwOnError();
  return data.map((b) => ({
    campaignId: b.campaign_id,
    campaignName: b.campaign_name,
    advertiserName: b.advertiser_name,
    spotsPerLoop: b.spots_per_loop,
    spotSeconds: b.spot_seconds,
    bookedSeconds: b.booked_seconds,
    // campaign_windows_json(): the campaign's dayparts ([] = all day).
    windows: (Array.isArray(b.windows) ? b.windows : []) as unknown as ScheduleWindow[],
  }));
}

export type ScreenDayBooking = Awaited<ReturnType<typeof fetchBookings>>[number];

/** The network campaigns booked on a screen on a day, the largest first. */
export const screenDayBookingsQueryOptions = (deviceId: string, day: Day) =>
  queryOptions({
    queryKey: availabilityKeys.bookings(deviceId, day),
    queryFn: () => inOwnWords(fetchBookings(deviceId, day)),
  });
