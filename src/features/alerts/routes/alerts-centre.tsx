// The alerts centre: every alert, filtered, searched and paged by the database, with the
// filters and page in the address so a link opens the same view. By default it lists every
// unresolved alert (open and acknowledged), newest first, so none is out of reach. Admins
// and operators acknowledge (with a note) and resolve one or many at once.
import { useQuery } from '@tanstack/react-query';
import { BellOff, CheckCircle2, Eye, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
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
  ALERT_STATE_LABELS,
  ALERT_STATES,
  ALERT_TYPES,
  alertTypeLabel,
} from '@/entities/alert/alert-types';
import { venueDevicesQueryOptions } from '@/entities/device/venue-devices';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { venueOptionsQuery } from '@/entities/venue/venue-options';
import { listParams, useListSearchParams, withParams } from '@/hooks/use-list-search-params';
import { useSelection } from '@/hooks/use-selection';
import { useCan } from '@/lib/auth';
import { formatLabel } from '@/lib/format';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { ALERT_PERIODS, ALERTS_PAGE_SIZE, alertsPageQueryOptions, useResolveAlerts } from '../api/alerts';
import { AcknowledgeDialog } from '../components/acknowledge-dialog';
import { AlertRow } from '../components/alert-row';
import { alertFiltersFromParams } from '../lib/alert-filters';

const NO_STATUSES: readonly string[] = [];

export const prefetch: ScreenPrefetch = (queryClient, url) => {
  void queryClient.prefetchQuery(
    alertsPageQueryOptions({
      ...alertFiltersFromParams(url.searchParams),
      ...listParams(url.searchParams, NO_STATUSES),
    }),
  );
};

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function AlertsCentreRoute() {
  const { searchText, setSearchText, search, page, setPage } = useListSearchParams(NO_STATUSES);
  const [params, setParams] = useSearchParams();
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
      title="Alerts"
      description="Every alert about the network's screens, venues and campaigns. Unresolved alerts stay here until someone resolves them."
      actions={
        <Button variant="outline" isLoading={alerts.isRefetching} onClick={() => void alerts.refetch()}>
          {!alerts.isRefetching && <RefreshCw aria-hidden className="size-4" />}
          Refresh
        </Button>
      }
      filters={
        <ListToolbar>
          <SearchField
            id="alert-search"
            label="Search alerts"
            placeholder="Message, venue or screen"
            className="min-w-56"
            value={searchText}
            onValueChange={setSearchText}
          />
          <FilterSelect
            id="alert-state"
            label="State"
            className="w-64"
            options={ALERT_STATES.map((s) => ({ value: s, label: ALERT_STATE_LABELS[s] }))}
            value={filters.state}
            onValueChange={(value) => setFilter('state', value === 'unresolved' ? '' : value)}
          />
          <FilterSelect
            id="alert-type"
            label="Type"
            className="w-52"
            options={[
              { value: '', label: 'All types' },
              ...ALERT_TYPES.map((t) => ({ value: t, label: alertTypeLabel(t) })),
            ]}
            value={filters.type}
            onValueChange={(value) => setFilter('type', value)}
          />
          <FilterSelect
            id="alert-severity"
            label="Severity"
            className="w-40"
            options={[
              { value: '', label: 'All severities' },
              ...ALERT_SEVERITIES.map((s) => ({ value: s, label: formatLabel(s) })),
            ]}
            value={filters.severity}
            onValueChange={(value) => setFilter('severity', value)}
          />
          <FilterSelect
            id="alert-venue"
            label="Venue"
            className="w-52"
            options={[
              { value: '', label: venues.isError ? 'All venues (venues could not be loaded)' : 'All venues' },
              ...(venues.data ?? []).map((v) => ({ value: v.id, label: v.name })),
              ...(filters.venue && !venues.data?.some((v) => v.id === filters.venue)
                ? [{ value: filters.venue, label: 'Chosen venue' }]
                : []),
            ]}
            value={filters.venue}
            onValueChange={(value) => setFilter('venue', value, { screen: null })}
          />
          <FilterSelect
            id="alert-screen"
            label="Screen"
            className="w-52"
            options={[
              { value: '', label: filters.venue ? 'All its screens' : 'All screens (choose a venue)' },
              ...(screens.data ?? []).map((d) => ({ value: d.id, label: d.device_name })),
              ...(filters.screen && !screens.data?.some((d) => d.id === filters.screen)
                ? [{ value: filters.screen, label: 'Chosen screen' }]
                : []),
            ]}
            value={filters.screen}
            onValueChange={(value) => setFilter('screen', value)}
          />
          <FilterSelect
            id="alert-period"
            label="Period"
            className="w-44"
            options={ALERT_PERIODS}
            value={filters.period}
            onValueChange={(value) => setFilter('period', value)}
          />
        </ListToolbar>
      }
      paging={{
        page: filters.page,
        pageSize: ALERTS_PAGE_SIZE,
        total: alerts.data?.total,
        noun: 'alert',
        onPageChange: setPage,
      }}
      footer={
        <>
          <AcknowledgeDialog
            ids={toAcknowledge}
            onOpenChange={(open) => !open && setToAcknowledge([])}
            onDone={(changed) => {
              selection.toggle(toAcknowledge, false);
              toast({ tone: 'success', title: `${plural(changed, 'alert')} acknowledged` });
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
            title={toResolve.length === 1 ? 'Resolve alert' : `Resolve ${toResolve.length} alerts`}
            description="Resolved alerts leave the unresolved list and the bell's count. They stay in the centre under Resolved."
            confirmLabel="Resolve"
            destructive={false}
            isPending={resolve.isPending}
            onConfirm={() =>
              resolve.mutate(toResolve, {
                onSuccess: (changed) => {
                  selection.toggle(toResolve, false);
                  setToResolve([]);
                  toast({ tone: 'success', title: `${plural(changed, 'alert')} resolved` });
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
        loading={<SkeletonGrid label="Loading alerts" className="grid gap-2" itemClassName="h-20" />}
        errorTitle="Alerts could not be loaded"
        isEmpty={(data) => data.alerts.length === 0}
        empty={
          <EmptyState
            icon={BellOff}
            title={filtered ? 'No alerts match' : 'No unresolved alerts'}
            description={filtered ? 'Try another search, or clear the filters.' : 'All screens are reporting normally.'}
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
                  Clear filters
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <div className="space-y-3">
            {canAct && (
              <SelectionBar label="Selected alerts" noun="alert" pageIds={pageIds} {...selection}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={selectedIds.length === 0}
                  onClick={() => setToAcknowledge(selectedIds)}
                >
                  <Eye aria-hidden className="size-4" />
                  Acknowledge…
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={selectedIds.length === 0}
                  onClick={() => setToResolve(selectedIds)}
                >
                  <CheckCircle2 aria-hidden className="size-4" />
                  Resolve…
                </Button>
              </SelectionBar>
            )}
            <ul
              aria-label="Alerts"
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
