// The alerts centre: every alert, filtered, searched and paged by the database, with the
// filters and page in the address so a link opens the same view. By default it lists every
// unresolved alert (open and acknowledged), newest first, so none is out of reach. Admins
// and operators acknowledge (with a note) and resolve one or many at once.
import { useQuery } from '@tanstack/react-query';
import { BellOff, CheckCircle2, Eye, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListContent } from '@/components/lists/list-content';
import { FilterSelect, ListToolbar, SearchField } from '@/components/lists/list-toolbar';
import { SelectionBar } from '@/components/lists/selection-bar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useToast } from '@/components/ui/toast';
import {
  ALERT_SEVERITIES,
  ALERT_STATES,
  ALERT_TYPES,
  alertSeverityLabel,
  alertStateFilterLabel,
  alertTypeLabel,
} from '@/entities/alert/alert-types';
import { venueDevicesQueryOptions } from '@/entities/device/venue-devices';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { listParams, useListSearchParams, withParams } from '@/hooks/use-list-search-params';
import { useSelection } from '@/hooks/use-selection';
import { useCan } from '@/lib/auth';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { ALERT_PERIODS, ALERTS_PAGE_SIZE, alertsPageQueryOptions, useResolveAlerts } from '../api/alerts';
import { AcknowledgeDialog } from '../components/acknowledge-dialog';
import { AlertRow } from '../components/alert-row';
import { alertFiltersFromParams } from '../lib/alert-filters';
import { useSearchParamsLatest } from '@/hooks/use-search-params-latest';

const NO_STATUSES: readonly string[] = [];

export const prefetch: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(
    alertsPageQueryOptions({
      ...alertFiltersFromParams(url.searchParams),
      ...listParams(url.searchParams, NO_STATUSES),
    }),
  );
};

export function AlertsCentreRoute() {
  const { t } = useTranslation('alerts');
  const { searchText, setSearchText, search, page, setPage } = useListSearchParams(NO_STATUSES);
  const [params, setParams] = useSearchParamsLatest();
  const filters = { ...alertFiltersFromParams(params), search, page };
  /** Sets one filter of the address (empty removes it) and starts again at the first page. */
  const setFilter = (key: string, value: string, also: Record<string, string | null> = {}) =>
    setParams((p) => withParams(p, { [key]: value, page: null, ...also }));

  useLiveTables('alerts', ['system_alerts']);
  const alerts = useQuery(alertsPageQueryOptions(filters));
  const venues = useQuery(venueOptionsQuery());
  const screens = useQuery({ ...venueDevicesQueryOptions(filters.venue), enabled: filters.venue !== '' });

  const canAct = useCan('screens');
  const selection = useSelection();
  const [toAcknowledge, setToAcknowledge] = useState<string[]>([]);
  const [toResolve, setToResolve] = useState<string[]>([]);
  const resolve = useResolveAlerts();
  const toast = useToast();
  const pageIds = (alerts.data?.alerts ?? []).filter((a) => !a.resolved).map((a) => a.id);
  const selectedIds = [...selection.selected];
  const filtered =
    filters.state !== 'unresolved' ||
    !!(filters.type || filters.severity || filters.venue || filters.screen || filters.period || filters.search);

  return (
    <ListPage
      title={t('centre.title')}
      description={t('centre.description')}
      actions={
        <Button variant="outline" isLoading={alerts.isRefetching} onClick={() => void alerts.refetch()}>
          {!alerts.isRefetching && <RefreshCw aria-hidden className="size-4" />}
          {t('centre.refresh')}
        </Button>
      }
      filters={
        <ListToolbar>
          <SearchField
            id="alert-search"
            label={t('centre.search.label')}
            placeholder={t('centre.search.placeholder')}
            className="min-w-56"
            value={searchText}
            onValueChange={setSearchText}
          />
          <FilterSelect
            id="alert-state"
            label={t('centre.filters.state')}
            className="w-64"
            options={ALERT_STATES.map((s) => ({ value: s, label: alertStateFilterLabel(s) }))}
            value={filters.state}
            onValueChange={(value) => setFilter('state', value === 'unresolved' ? '' : value)}
          />
          <FilterSelect
            id="alert-type"
            label={t('centre.filters.type')}
            className="w-52"
            options={[
              { value: '', label: t('centre.filters.allTypes') },
              ...ALERT_TYPES.map((type) => ({ value: type, label: alertTypeLabel(type) })),
            ]}
            value={filters.type}
            onValueChange={(value) => setFilter('type', value)}
          />
          <FilterSelect
            id="alert-severity"
            label={t('centre.filters.severity')}
            className="w-40"
            options={[
              { value: '', label: t('centre.filters.allSeverities') },
              ...ALERT_SEVERITIES.map((s) => ({ value: s, label: alertSeverityLabel(s) })),
            ]}
            value={filters.severity}
            onValueChange={(value) => setFilter('severity', value)}
          />
          <FilterSelect
            id="alert-venue"
            label={t('centre.filters.venue')}
            className="w-52"
            options={[
              { value: '', label: t(venues.isError ? 'centre.filters.allVenuesFailed' : 'centre.filters.allVenues') },
              ...(venues.data ?? []).map((v) => ({ value: v.id, label: v.name })),
              ...(filters.venue && !venues.data?.some((v) => v.id === filters.venue)
                ? [{ value: filters.venue, label: t('centre.filters.chosenVenue') }]
                : []),
            ]}
            value={filters.venue}
            onValueChange={(value) => setFilter('venue', value, { screen: null })}
          />
          <FilterSelect
            id="alert-screen"
            label={t('centre.filters.screen')}
            className="w-52"
            options={[
              {
                value: '',
                label: t(filters.venue ? 'centre.filters.allItsScreens' : 'centre.filters.allScreensChooseVenue'),
              },
              ...(screens.data ?? []).map((d) => ({ value: d.id, label: d.device_name })),
              ...(filters.screen && !screens.data?.some((d) => d.id === filters.screen)
                ? [{ value: filters.screen, label: t('centre.filters.chosenScreen') }]
                : []),
            ]}
            value={filters.screen}
            onValueChange={(value) => setFilter('screen', value)}
          />
          <FilterSelect
            id="alert-period"
            label={t('centre.filters.period')}
            className="w-44"
            options={ALERT_PERIODS.map((p) => ({ value: p.value, label: t(`centre.periods.${p.label}`) }))}
            value={filters.period}
            onValueChange={(value) => setFilter('period', value)}
          />
        </ListToolbar>
      }
      paging={{
        page: filters.page,
        pageSize: ALERTS_PAGE_SIZE,
        total: alerts.data?.total,
        noun: t('centre.noun.one'),
        nounPlural: t('centre.noun.other'),
        onPageChange: setPage,
      }}
      footer={
        <>
          <AcknowledgeDialog
            ids={toAcknowledge}
            onOpenChange={(open) => !open && setToAcknowledge([])}
            onDone={(changed) => {
              selection.toggle(toAcknowledge, false);
              toast({ tone: 'success', title: t('centre.toasts.acknowledged', { count: changed }) });
            }}
          />
          <ConfirmDialog
            open={toResolve.length > 0}
            onOpenChange={(open) => {
              if (!open) {
                setToResolve([]);
                resolve.reset();
              }
            }}
            title={t('centre.resolveDialog.title', { count: toResolve.length })}
            description={t('centre.resolveDialog.description')}
            confirmLabel={t('centre.resolveDialog.confirm')}
            destructive={false}
            isPending={resolve.isPending}
            onConfirm={() =>
              resolve.mutate(toResolve, {
                onSuccess: (changed) => {
                  selection.toggle(toResolve, false);
                  setToResolve([]);
                  toast({ tone: 'success', title: t('centre.toasts.resolved', { count: changed }) });
                },
              })
            }
          >
            {resolve.isError && <Alert tone="danger">{resolve.error.message}</Alert>}
          </ConfirmDialog>
        </>
      }
    >
      <ListContent
        query={alerts}
        loading={<SkeletonGrid label={t('centre.loading')} className="grid gap-2" itemClassName="h-20" />}
        errorTitle={t('centre.loadFailed')}
        isEmpty={(data) => data.alerts.length === 0}
        empty={
          <EmptyState
            icon={BellOff}
            title={t(filtered ? 'centre.empty.noMatchTitle' : 'centre.empty.noneTitle')}
            description={t(filtered ? 'centre.empty.noMatchDescription' : 'centre.empty.noneDescription')}
            action={
              filtered && (
                <Button
                  variant="outline"
                  onClick={() => {
                    // The search box clears the search itself once its typing settles.
                    setSearchText('');
                    setParams((p) => withParams(new URLSearchParams(), { q: p.get('q') }));
                  }}
                >
                  {t('centre.empty.clearFilters')}
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <div className="space-y-3">
            {canAct && (
              <SelectionBar
                label={t('centre.selection.label')}
                noun={t('centre.noun.one')}
                nounPlural={t('centre.noun.other')}
                pageIds={pageIds}
                {...selection}
              >
                <Button
                  variant="outline"
                  size="sm"
                  disabled={selectedIds.length === 0}
                  onClick={() => setToAcknowledge(selectedIds)}
                >
                  <Eye aria-hidden className="size-4" />
                  {t('centre.selection.acknowledge')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={selectedIds.length === 0}
                  onClick={() => setToResolve(selectedIds)}
                >
                  <CheckCircle2 aria-hidden className="size-4" />
                  {t('centre.selection.resolve')}
                </Button>
              </SelectionBar>
            )}
            <ul
              aria-label={t('centre.listLabel')}
              aria-busy={alerts.isFetching || undefined}
              className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white"
            >
              {data.alerts.map((alert) => (
                <AlertRow
                  key={alert.id}
                  alert={alert}
                  actions={
                    canAct
                      ? {
                          selected: selection.selected.has(alert.id),
                          onSelectedChange: (on) => selection.toggle([alert.id], on),
                          onAcknowledge: () => setToAcknowledge([alert.id]),
                          onResolve: () => setToResolve([alert.id]),
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
          </div>
        )}
      </ListContent>
    </ListPage>
  );
}
