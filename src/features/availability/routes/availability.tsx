import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarSearch, Layers, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/content-layout';
import { FailedRead } from '@/components/errors/query-boundary';
import { FilterSelect, ListToolbar } from '@/components/lists/list-toolbar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { withParams } from '@/hooks/use-list-search-params';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { dayIn } from '@/entities/campaign/campaign-dates';
import { addDays } from '@/entities/plays/calendar-days';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { GroupSwatch } from '@/entities/screen-group/group-swatch';
import { screenGroupsQueryOptions } from '@/entities/screen-group/screen-groups';
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { cn } from '@/utils/cn';
import {
  availabilityKeys,
  availabilityPeriodSchema,
  DEFAULT_AVAILABILITY_DAYS,
  MAX_AVAILABILITY_DAYS,
  periodDays,
  screenAvailabilityQueryOptions,
  type AvailabilityFilters,
} from '../api/availability';
import { AvailabilityGrid, cellLabel } from '../components/availability-grid';
import { BookingsDialog, type BookingsTarget } from '../components/bookings-dialog';
import { DayCell } from '../components/day-cell';
import { GroupRowCells } from '../components/group-row-cells';
import { ShareLegend } from '../components/share-legend';
import { useSearchParamsLatest } from '@/hooks/use-search-params-latest';

/** What the grid's rows are: screens, or groups of them. */
const VIEWS = ['screens', 'groups'] as const;

/** Today in this browser's zone: the period's default start. */
function today(): string {
  return dayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The page's filters as the address gives them, with today + 13 days by default. */
function readParams(params: URLSearchParams) {
  const start = params.get('start') ?? today();
  const end = params.get('end') ?? addDays(start, DEFAULT_AVAILABILITY_DAYS - 1);
  return {
    start,
    end,
    groupId: params.get('group') ?? '',
    venueId: params.get('venue') ?? '',
    view: params.get('view') === 'groups' ? ('groups' as const) : ('screens' as const),
    page: Math.max(0, Number(params.get('page') ?? 0) || 0),
  };
}

export const prefetch: ScreenPrefetch = (queryClient, url) => {
  const { view, page, ...filters } = readParams(url.searchParams);
  if (view === 'screens' && availabilityPeriodSchema.safeParse(filters).success)
    void queryClient.prefetchQuery(screenAvailabilityQueryOptions(filters, page));
};

/** What is still free to sell: screens (or groups) by days, coloured by the share of the loop sold. */
export function AvailabilityRoute() {
  const { t } = useTranslation('availability');
  const [params, setParams] = useSearchParamsLatest();
  const { view, page, ...asked } = readParams(params);
  const period = availabilityPeriodSchema.safeParse(asked);
  const filters: AvailabilityFilters | null = period.success ? { ...asked, ...period.data } : null;
  const periodErrors: Partial<Record<'start' | 'end', string>> = {};
  if (!period.success)
    for (const issue of period.error.issues) {
      const field = issue.path[0] === 'start' ? 'start' : 'end';
      periodErrors[field] ??= issue.message;
    }
  const set = (changes: Record<string, string | null>) =>
    setParams((p) => withParams(p, { ...changes, page: null }), { replace: true });

  // A campaign booked, moved or ended shows without a refresh. Not equipment_status: its
  // heartbeats would read the whole grid again every second on a busy network (Refresh does).
  useLiveTables('availability', ['campaigns']);
  const groups = useQuery(screenGroupsQueryOptions());
  const venues = useQuery(venueOptionsQuery());
  const [target, setTarget] = useState<BookingsTarget | null>(null);

  return (
    <ContentLayout title={t('page.title')} description={t('page.description')} actions={<RefreshButton />}>
      <ListToolbar>
        <Field label={t('period.from')} error={periodErrors.start} className="w-44">
          {(c) => (
            <Input
              {...c}
              type="date"
              value={asked.start}
              onChange={(e) => e.target.value && set({ start: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('period.to')} error={periodErrors.end} className="w-44">
          {(c) => (
            <Input
              {...c}
              type="date"
              value={asked.end}
              onChange={(e) => e.target.value && set({ end: e.target.value })}
            />
          )}
        </Field>
        <FilterSelect
          id="availability-group"
          label={t('filters.group')}
          className="w-52"
          options={[
            { value: '', label: t('filters.allGroups') },
            ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
          value={asked.groupId}
          onValueChange={(value) => set({ group: value })}
        />
        <FilterSelect
          id="availability-venue"
          label={t('filters.venue')}
          className="w-52"
          options={[
            { value: '', label: t('filters.allVenues') },
            ...(venues.data ?? []).map((v) => ({ value: v.id, label: v.name })),
          ]}
          value={asked.venueId}
          onValueChange={(value) => set({ venue: value })}
        />
        <div
          role="group"
          aria-label={t('view.label')}
          className="inline-flex rounded-md border border-gray-300 bg-white p-0.5"
        >
          {VIEWS.map((v) => (
            <Button
              key={v}
              size="sm"
              variant={view === v ? 'primary' : 'ghost'}
              aria-pressed={view === v}
              onClick={() => set({ view: v === 'screens' ? null : v })}
            >
              {v === 'screens' ? t('view.screens') : t('view.groups')}
            </Button>
          ))}
        </div>
      </ListToolbar>
      <p className="text-sm text-gray-500">{t('page.note', { count: MAX_AVAILABILITY_DAYS })}</p>
      <ShareLegend />
      {!filters ? (
        <EmptyState icon={CalendarSearch} title={t('period.chooseTitle')} description={t('period.chooseDescription')} />
      ) : view === 'screens' ? (
        <ScreensView
          filters={filters}
          page={page}
          onPage={(p) => setParams((q) => withParams(q, { page: p ? String(p) : null }))}
          onOpen={setTarget}
        />
      ) : (
        <GroupsView filters={filters} onOpen={setTarget} />
      )}
      <BookingsDialog target={target} onClose={() => setTarget(null)} />
    </ContentLayout>
  );
}

/** Reads every availability figure on the page again. */
function RefreshButton() {
  const { t } = useTranslation('availability');
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: availabilityKeys.all }) > 0;
  return (
    <Button
      variant="outline"
      isLoading={refreshing}
      onClick={() => void queryClient.invalidateQueries({ queryKey: availabilityKeys.all })}
    >
      {!refreshing && <RefreshCw aria-hidden className="size-4" />}
      {t('page.refresh')}
    </Button>
  );
}

function GridSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="space-y-2">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-11" />
      ))}
    </LoadingRegion>
  );
}

function ScreensView({
  filters,
  page,
  onPage,
  onOpen,
}: {
  filters: AvailabilityFilters;
  page: number;
  onPage: (page: number) => void;
  onOpen: (target: BookingsTarget) => void;
}) {
  const { t } = useTranslation('availability');
  const load = useQuery(screenAvailabilityQueryOptions(filters, page));
  const days = periodDays(filters);
  if (load.isPending) return <GridSkeleton label={t('screens.loading')} />;
  if (load.isError)
    return (
      <FailedRead
        title={t('screens.loadFailed')}
        failure={{ error: load.error, retry: () => void load.refetch(), retrying: load.isRefetching }}
      />
    );
  if (load.data.screens.length === 0)
    return (
      <EmptyState icon={CalendarSearch} title={t('screens.emptyTitle')} description={t('screens.emptyDescription')} />
    );
  return (
    <div className={cn('space-y-4', load.isPlaceholderData && 'opacity-60')} aria-busy={load.isPlaceholderData}>
      <AvailabilityGrid
        label={t('screens.gridLabel')}
        rowHeading={t('screens.rowHeading')}
        days={days}
        rows={load.data.screens}
        getKey={(s) => s.id}
        renderHeading={(s) => (
          <>
            <span className="block font-medium break-all text-gray-900">{s.name}</span>
            <span className="block text-xs text-gray-500">{s.venue ?? t('screens.noVenue')}</span>
          </>
        )}
        renderCells={(s) =>
          days.map((day) => {
            const d = s.days[day];
            return (
              <td key={day} className="p-0">
                {d && (
                  <DayCell
                    bookedSeconds={d.bookedSeconds}
                    loopSeconds={d.loopSeconds}
                    label={cellLabel(s.name, day)}
                    onOpen={() => onOpen({ deviceId: s.id, name: s.name, venue: s.venue, day, ...d })}
                  />
                )}
              </td>
            );
          })
        }
      />
      <Pagination
        page={page}
        pageSize={load.data.perPage}
        total={load.data.totalScreens}
        noun={t('screens.paging.one')}
        nounPlural={t('screens.paging.other')}
        onPageChange={onPage}
      />
    </div>
  );
}

function GroupsView({ filters, onOpen }: { filters: AvailabilityFilters; onOpen: (target: BookingsTarget) => void }) {
  const { t } = useTranslation('availability');
  const groups = useQuery(screenGroupsQueryOptions());
  const days = periodDays(filters);
  if (groups.isPending) return <GridSkeleton label={t('groups.loading')} />;
  if (groups.isError)
    return (
      <FailedRead
        title={t('groups.loadFailed')}
        failure={{ error: groups.error, retry: () => void groups.refetch(), retrying: groups.isRefetching }}
      />
    );
  const shown = filters.groupId ? groups.data.filter((g) => g.id === filters.groupId) : groups.data;
  if (shown.length === 0)
    return <EmptyState icon={Layers} title={t('groups.emptyTitle')} description={t('groups.emptyDescription')} />;
  return (
    <AvailabilityGrid
      label={t('groups.gridLabel')}
      rowHeading={t('groups.rowHeading')}
      days={days}
      rows={shown}
      getKey={(g) => g.id}
      renderHeading={(g) => (
        <span className="flex items-center gap-2 font-medium text-gray-900">
          <GroupSwatch colour={g.colour} />
          {g.name}
        </span>
      )}
      renderCells={(g) => (
        <GroupRowCells group={g} filters={{ ...filters, groupId: g.id }} days={days} onOpen={onOpen} />
      )}
    />
  );
}
