import { useQuery } from '@tanstack/react-query';
import { History, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListContent } from '@/components/lists/list-content';
import { FilterSelect, ListToolbar, SearchField } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import {
  actorRole,
  AUDIT_PAGE_SIZE,
  AUDIT_TABLES,
  auditEntriesQueryOptions,
  recordKind,
  recordKindName,
} from '@/entities/audit/audit-entries';
import { intlLocale } from '@/i18n';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { activityFilters, useActivitySearchParams } from '../api/activity-search-params';
import { teamMembersQueryOptions } from '../api/team-members';
import { ActivityEntry } from '../components/activity-entry';

/** The page of the trail the address asks for. */
export const prefetch: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(auditEntriesQueryOptions(activityFilters(url.searchParams)));
};

/** The audit trail: every change to the business records, who made it and when, newest first. */
export function ActivityRoute() {
  const { t } = useTranslation('activity');
  const { filters, searchText, setSearchText, setFilter, clearRecord, setPage } = useActivitySearchParams();
  const tableOptions = [
    { value: 'all', label: t('filters.table.all') },
    ...Object.keys(AUDIT_TABLES)
      .map((table) => ({ value: table, label: recordKindName(table) }))
      .sort((a, b) => a.label.localeCompare(b.label, intlLocale())),
  ];
  const actionOptions = [
    { value: 'all', label: t('filters.action.all') },
    { value: 'insert', label: t('actions.insert') },
    { value: 'update', label: t('actions.update') },
    { value: 'delete', label: t('actions.delete') },
  ];
  const periodOptions = [
    { value: 'all', label: t('filters.period.all') },
    { value: 'day', label: t('filters.period.day') },
    { value: 'week', label: t('filters.period.week') },
    { value: 'month', label: t('filters.period.month') },
    { value: 'year', label: t('filters.period.year') },
  ];
  const entries = useQuery(auditEntriesQueryOptions(filters));
  const team = useQuery(teamMembersQueryOptions());

  const personOptions = [
    { value: 'all', label: t('filters.person.all') },
    ...(team.data ?? []).map((m) => ({
      value: m.id,
      label: t('filters.person.option', { email: m.email ?? m.id, role: actorRole(m.role) }),
    })),
  ];
  // A person in the address the list does not hold (a former member) still shows as chosen.
  if (filters.actor && !personOptions.some((o) => o.value === filters.actor)) {
    personOptions.push({ value: filters.actor, label: t('filters.person.chosen') });
  }
  const filtered =
    filters.table !== 'all' ||
    filters.actor !== '' ||
    filters.action !== 'all' ||
    filters.period !== 'all' ||
    filters.search !== '';

  return (
    <ListPage
      title={t('page.title')}
      description={t('page.description')}
      filters={
        <div className="space-y-3">
          <ListToolbar>
            <SearchField
              id="activity-search"
              label={t('filters.search.label')}
              placeholder={t('filters.search.placeholder')}
              className="min-w-56"
              value={searchText}
              onValueChange={setSearchText}
            />
            <FilterSelect
              id="activity-table"
              label={t('filters.table.label')}
              className="w-48"
              options={tableOptions}
              value={filters.table}
              onValueChange={(v) => setFilter('table', v)}
            />
            <FilterSelect
              id="activity-actor"
              label={t('filters.person.label')}
              className="w-56"
              options={personOptions}
              value={filters.actor || 'all'}
              onValueChange={(v) => setFilter('actor', v)}
            />
            <FilterSelect
              id="activity-action"
              label={t('filters.action.label')}
              className="w-40"
              options={actionOptions}
              value={filters.action}
              onValueChange={(v) => setFilter('action', v)}
            />
            <FilterSelect
              id="activity-period"
              label={t('filters.period.label')}
              className="w-44"
              options={periodOptions}
              value={filters.period}
              onValueChange={(v) => setFilter('period', v)}
            />
          </ListToolbar>
          {filters.record && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
              {entries.data?.entries[0]?.row_label
                ? t('record.onlyNamed', { kind: recordKind(filters.table), label: entries.data.entries[0].row_label })
                : t('record.only', { kind: recordKind(filters.table) })}
              <Button variant="outline" size="sm" onClick={clearRecord}>
                <X aria-hidden className="size-4" />
                {t('record.showEvery', { kind: recordKind(filters.table) })}
              </Button>
            </p>
          )}
        </div>
      }
      paging={{
        page: filters.page,
        pageSize: AUDIT_PAGE_SIZE,
        total: entries.data?.total,
        noun: t('paging.one'),
        nounPlural: t('paging.other'),
        onPageChange: setPage,
      }}
    >
      <ListContent
        query={entries}
        loading={<SkeletonGrid label={t('page.loading')} className="grid gap-3" itemClassName="h-20" count={5} />}
        errorTitle={t('page.loadFailed')}
        isEmpty={(data) => data.entries.length === 0}
        empty={
          <EmptyState
            icon={History}
            title={filtered || filters.record ? t('empty.noMatchTitle') : t('empty.noneTitle')}
            description={filtered || filters.record ? t('empty.noMatchDescription') : t('empty.noneDescription')}
          />
        }
      >
        {(data) => (
          <ol aria-label={t('page.listLabel')} className="space-y-3" aria-busy={entries.isPlaceholderData || undefined}>
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
