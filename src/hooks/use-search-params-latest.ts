import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/** Changes the address's search from the latest one asked for. */
export type SetLatestSearchParams = (
  next: (latest: URLSearchParams) => URLSearchParams,
  options?: NavigateOptions,
) => void;

/**
 * `useSearchParams`, whose setter builds on the search last asked for, not on the one this
 * render read. React Router renders a navigation in a transition, so on a busy page a second
 * change (a filter picked just after "Apply") can come before the first has rendered;
 * `useSearchParams`' own `setSearchParams(prev => …)` hands that second change the rendered
 * search, and the first change is lost.
 */
export function useSearchParamsLatest(): [URLSearchParams, SetLatestSearchParams] {
  const [params, setParams] = useSearchParams();
  const latest = useRef({ asked: params });
  // A new address on screen (ours, or back and forward): what is asked next builds on it.
  useLayoutEffect(() => {
    latest.current.asked = params;
  }, [params]);
  const set = useCallback<SetLatestSearchParams>(
    (next, options) => {
      const asked = next(new URLSearchParams(latest.current.asked));
      latest.current.asked = asked;
      setParams(asked, options);
    },
    [setParams],
  );
  return [params, set];
}
