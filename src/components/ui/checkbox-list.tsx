// A list of choices read from the server, each ticked on or off (a campaign's screens, the
// admins who receive alerts): its loading, failure (with a retry) and empty states, and the
// ticks kept as a list of ids.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const checkboxClass =
  'size-4 rounded border-gray-300 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

export interface CheckboxListItem {
  id: string;
  label: ReactNode;
  /** Shown after the label, in grey. */
  note?: string | null;
}

export interface CheckboxListProps {
  /** The list's accessible name. */
  label: string;
  /** The read that gives the items. */
  query: { isPending: boolean; isError: boolean; data?: CheckboxListItem[]; refetch: () => unknown };
  loadingText: string;
  /** The failure's words (a Retry button follows). */
  errorText: ReactNode;
  emptyText: ReactNode;
  name: string;
  value: string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
}

export function CheckboxList({
  label,
  query,
  loadingText,
  errorText,
  emptyText,
  name,
  value,
  onChange,
  onBlur,
}: CheckboxListProps) {
  const { t } = useTranslation('common');
  if (query.isPending) return <p className="text-sm text-gray-500">{loadingText}</p>;
  if (query.isError || !query.data)
    return (
      <p className="text-sm text-danger-700">
        {errorText}{' '}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </button>
      </p>
    );
  if (query.data.length === 0) return <p className="text-sm text-gray-500">{emptyText}</p>;
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <ul className="space-y-1.5" aria-label={label}>
      {query.data.map((item) => (
        <li key={item.id}>
          <label className="flex items-center gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              className={checkboxClass}
              name={name}
              value={item.id}
              checked={chosen.has(item.id)}
              onChange={(event) => toggle(item.id, event.target.checked)}
              onBlur={onBlur}
            />
            {item.label}
            {item.note && <span className="text-gray-500">{` (${item.note})`}</span>}
          </label>
        </li>
      ))}
    </ul>
  );
}
