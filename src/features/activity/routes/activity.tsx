import { useQuery } from '@tanstack/react-query';
import { History, X } from 'lucide-react';
import { ListContent } from '@/components/lists/list-content';
import { FilterSelect, ListToolbar, SearchField } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AUDIT_PAGE_SIZE, AUDIT_TABLES, auditEntriesQueryOptions, recordKind } from '@/entities/audit/audit-entries';
import { formatLabel } from '@/lib/format';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { activityFilters, useActivitySearchParams } from '../api/activity-search-params';
import { teamMembersQueryOptions } from '../api/team-members';
import { ActivityEntry } from '../components/activity-entry';

/** The page of the trail the address asks for. */
export const prefetch: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(auditEntriesQueryOptions(activityFilters(url.searchParams)));
};

const tableOptions = [
  { value: 'all', label: 'All records' },
  ...Object.keys(AUDIT_TABLES)
    .map((table) => ({ value: table, label: formatLabel(recordKind(table)) }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];
const actionOptions = [
  { value: 'all', label: 'Any change' },
  { value: 'insert', label: 'Added' },
  { value: 'update', label: 'Changed' },
  { value: 'delete', label: 'Removed' },
];
const periodOptions = [
  { value: 'all', label: 'Any time' },
  { value: 'day', label: 'Last 24 hours' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
  { value: 'year', label: 'Last 12 months' },
];

/** The audit trail: every change to the business records, who made it and when, newest first. */
export function ActivityRoute() {
  const { filters, searchText, setSearchText, setFilter, clearRecord, setPage } = useActivitySearchParams();
  const entries = useQuery(auditEntriesQueryOptions(filters));
  const team = useQuery(teamMembersQueryOptions());

  const personOptions = [
    { value: 'all', label: 'Anyone' },
    ...(team.data ?? []).map((m) => ({ value: m.id, label: `${m.email ?? m.id} (${m.role})` })),
  ];
  // A person in the address the list does not hold (a former member) still shows as chosen.
  if (filters.actor && !personOptions.some((o) => o.value === filters.actor)) {
    personOptions.push({ value: filters.actor, label: 'The chosen person' });
  }
  const filtered =
    filters.table !== 'all' ||
    filters.actor !== '' ||
    filters.action !== 'all' ||
    filters.period !== 'all' ||
    filters.search !== '';

  return (
    <ListPage
      title="Activity"
      description="Every change to venues, advertisers, campaigns, screens, settings and the team: who made it, when, and what it was."
      filters={
        <div className="space-y-3">
          <ListToolbar>
            <SearchField
              id="activity-search"
              label="Search activity"
              placeholder="Record name, person, value"
              className="min-w-56"
              value={searchText}
              onValueChange={setSearchText}
            />
            <FilterSelect
              id="activity-table"
              label="Kind of record"
              className="w-48"
              options={tableOptions}
              value={filters.table}
              onValueChange={(v) => setFilter('table', v)}
            />
            <FilterSelect
              id="activity-actor"
              label="Person"
              className="w-56"
              options={personOptions}
              value={filters.actor || 'all'}
              onValueChange={(v) => setFilter('actor', v)}
            />
            <FilterSelect
              id="activity-action"
              label="Change"
              className="w-40"
              options={actionOptions}
              value={filters.action}
              onValueChange={(v) => setFilter('action', v)}
            />
            <FilterSelect
              id="activity-period"
              label="Period"
              className="w-44"
              options={periodOptions}
              value={filters.period}
              onValueChange={(v) => setFilter('period', v)}
            />
          </ListToolbar>
          {filters.record && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
              Only the changes to one {recordKind(filters.table)}
              {entries.data?.entries[0]?.row_label ? ` (“${entries.data.entries[0].row_label}”)` : ''}.
              <Button variant="outline" size="sm" onClick={clearRecord}>
                <X aria-hidden className="size-4" />
                Show every {recordKind(filters.table)}
              </Button>
            </p>
          )}
        </div>
      }
      paging={{
        page: filters.page,
        pageSize: AUDIT_PAGE_SIZE,
        total: entries.data?.total,
        noun: 'change',
        onPageChange: setPage,
      }}
    >
      <ListContent
        query={entries}
        loading={<SkeletonGrid label="Loading activity" className="grid gap-3" itemClassName="h-20" count={5} />}
        errorTitle="Activity could not be loaded"
        isEmpty={(data) => data.entries.length === 0}
        empty={
          <EmptyState
            icon={History}
            title={filtered || filters.record ? 'No changes match' : 'No changes yet'}
            description={
              filtered || filters.record
                ? 'Try another search, person, kind of record or period.'
                : 'Changes to venues, campaigns, screens and settings appear here as they are made.'
            }
          />
        }
      >
        {(data) => (
          <ol aria-label="Changes" className="space-y-3" aria-busy={entries.isPlaceholderData || undefined}>
            {data.entries.map((entry) => (
              <li key={entry.id}>
                <ActivityEntry entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </ListContent>
    </ListPage>
  );
}
