import { useCallback, useMemo, useState } from 'react';
import type { Selection } from '@/components/lists/selection-bar';

/** Ticked ids of a list, kept across its pages and filters until cleared. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (ids: readonly string[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(() => ({ selected, toggle, clear }), [selected, toggle, clear]);
}
