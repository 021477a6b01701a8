import { useCallback, useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';
import { useSearchParamsLatest } from './use-search-params-latest';

/** A copy of `params` with the given keys set, or removed when the value is null or empty. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export interface ListSearchParams<S extends string> {
  /** What the search box shows, as typed. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The settled, trimmed search the list is read with ('' for none). */
  search: string;
  /** The status filter: one of the allowed statuses, or 'all'. */
  status: S | 'all';
  setStatus: (status: string) => void;
  /** The 0-based page. */
  page: number;
  setPage: (page: number) => void;
}

/** The list's settled search, status and page as the address `params` give them. */
export function listParams<S extends string>(
  params: URLSearchParams,
  statuses: readonly S[],
): Pick<ListSearchParams<S>, 'search' | 'status' | 'page'> {
  const statusParam = params.get('status');
  return {
    search: params.get('q') ?? '',
    status: statuses.find((s) => s === statusParam) ?? 'all',
    page: Math.max(0, Number(params.get('page') ?? 0) || 0),
  };
}

/**
 * A paged list's search, status filter and page, kept in the address (`?q=&status=&page=`) so
 * back, reload and shared links keep them. Typing settles for SEARCH_DEBOUNCE_MS before it
 * reaches the address; a new search or status starts at the first page. Unknown statuses read
 * as 'all'.
 */
export function useListSearchParams<S extends string>(statuses: readonly S[]): ListSearchParams<S> {
  const [params, setParams] = useSearchParamsLatest();
  const { search, status, page } = listParams(params, statuses);

  const [searchText, setSearchText] = useState(search);
  const settled = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // Not while the app is on its way to another page (a card's link followed before the typing
  // settled): writing the search then would bring the list back instead.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating || settled === search) return;
    setParams((p) => withParams(p, { q: settled, page: null }), { replace: true });
  }, [settled, search, setParams, navigating]);

  const setStatus = useCallback(
    (next: string) => setParams((p) => withParams(p, { status: next === 'all' ? null : next, page: null })),
    [setParams],
  );
  const setPage = useCallback(
    (next: number) => setParams((p) => withParams(p, { page: next === 0 ? null : String(next) })),
    [setParams],
  );

  return { searchText, setSearchText, search, status, setStatus, page, setPage };
}
