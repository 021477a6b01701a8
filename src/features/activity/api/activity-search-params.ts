import { useCallback, useEffect, useState } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_PERIODS,
  AUDIT_TABLES,
  type AuditAction,
  type AuditFilters,
  type AuditPeriod,
  type AuditTable,
} from '@/entities/audit/audit-entries';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { withParams } from '@/hooks/use-list-search-params';
import { useSearchParamsLatest } from '@/hooks/use-search-params-latest';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The Activity page's filters as the address gives them (`?table=&record=&actor=&action=&period=&q=&page=`). */
export function activityFilters(params: URLSearchParams): AuditFilters {
  const table = oneOf(Object.keys(AUDIT_TABLES) as AuditTable[], params.get('table')) ?? 'all';
  return {
    table,
    // A record only means something within its table.
    record: table === 'all' ? '' : (params.get('record') ?? ''),
    actor: params.get('actor') ?? '',
    action: oneOf<AuditAction>(AUDIT_ACTIONS, params.get('action')) ?? 'all',
    period: oneOf(Object.keys(AUDIT_PERIODS) as AuditPeriod[], params.get('period')) ?? 'all',
    search: params.get('q') ?? '',
    page: Math.max(0, Number(params.get('page') ?? 0) || 0),
  };
}

/**
 * The Activity page's filters, search and page, kept in the address so back, reload and
 * shared links keep them. A new filter or search starts at the first page; typing settles
 * before it reaches the address.
 */
export function useActivitySearchParams() {
  const [params, setParams] = useSearchParamsLatest();
  const filters = activityFilters(params);

  const [searchText, setSearchText] = useState(filters.search);
  const settled = useDebouncedValue(searchText.trim());
  useEffect(() => {
    if (settled === filters.search) return;
    setParams((p) => withParams(p, { q: settled, page: null }), { replace: true });
  }, [settled, filters.search, setParams]);

  const setFilter = useCallback(
    (key: 'table' | 'actor' | 'action' | 'period', value: string) =>
      setParams((p) =>
        withParams(p, {
          [key]: value === 'all' ? null : value,
          page: null,
          // Another kind of record drops the one record chosen.
          ...(key === 'table' ? { record: null } : {}),
        }),
      ),
    [setParams],
  );
  const clearRecord = useCallback(() => setParams((p) => withParams(p, { record: null, page: null })), [setParams]);
  const setPage = useCallback(
    (page: number) => setParams((p) => withParams(p, { page: page === 0 ? null : String(page) })),
    [setParams],
  );

  return { filters, searchText, setSearchText, setFilter, clearRecord, setPage };
}
