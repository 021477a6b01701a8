import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { checkboxClass } from '@/components/ui/checkbox-list';
import { useTranslation } from 'react-i18next';

/** A set of ticked ids and the way to tick or untick some of them. */
export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
}

export interface SelectionBarProps extends Selection {
  /** The toolbar's accessible name, such as 'Selected screens'. */
  label: string;
  /** The ids listed on this page ("Select all on this page"). */
  pageIds: readonly string[];
  /** What one row is, for the count ('screen'), in the current language. */
  noun: string;
  /** Its plural ('screens'); the noun plus s when not given. */
  nounPlural?: string;
  /** The actions on the selection: buttons, disabled while nothing is selected. */
  children: ReactNode;
}

/** The bar above a list whose rows can be ticked: select the page, the count, clear, and the actions. */
export function SelectionBar({
  label,
  pageIds,
  noun,
  nounPlural = `${noun}s`,
  selected,
  toggle,
  clear,
  children,
}: SelectionBarProps) {
  const { t } = useTranslation('common');
  const onPage = pageIds.filter((id) => selected.has(id)).length;
  return (
    <div
      role="toolbar"
      aria-label={label}
      className="flex flex-wrap items-center gap-3 rounded-md border border-gray-200 bg-white px-3 py-2"
    >
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className={checkboxClass}
          checked={pageIds.length > 0 && onPage === pageIds.length}
          ref={(el) => {
            if (el) el.indeterminate = onPage > 0 && onPage < pageIds.length;
          }}
          onChange={(event) => toggle(pageIds, event.target.checked)}
        />
        {t('selection.selectPage')}
      </label>
      <span className="text-sm text-gray-500" aria-live="polite">
        {selected.size === 0
          ? t('selection.none', { items: nounPlural })
          : t('selection.count', { count: selected.size })}
      </span>
      <div className="ml-auto flex flex-wrap gap-2">
        {selected.size > 0 && (
          <Button variant="ghost" size="sm" onClick={clear}>
            {t('selection.clear')}
          </Button>
        )}
        {children}
      </div>
    </div>
  );
}
