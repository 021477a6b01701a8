// One kind of network target (venues, screen groups or screens) to tick: a filter box when
// the list is long, the list itself (scrolling), and how many are chosen.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxList, type CheckboxListItem } from '@/components/ui/checkbox-list';
import { Input } from '@/components/ui/input';

/** Above this many items the list gets a filter box. */
const FILTERABLE_FROM = 8;

export interface TargetPickerProps {
  /** The list's heading and accessible name: 'Venues', 'Screen groups', 'Screens'. */
  label: string;
  query: { isPending: boolean; isError: boolean; data?: CheckboxListItem[]; refetch: () => unknown };
  /** What the items are: their filter's label and messages say so. */
  kind: 'venues' | 'groups' | 'screens';
  emptyText: string;
  name: string;
  value: string[];
  onChange: (ids: string[]) => void;
}

export function TargetPicker({ label, query, kind, emptyText, name, value, onChange }: TargetPickerProps) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  const [filter, setFilter] = useState('');
  const items = query.data ?? [];
  const term = filter.trim().toLowerCase();
  const matches = (item: CheckboxListItem) =>
    `${typeof item.label === 'string' ? item.label : ''} ${item.note ?? ''}`.toLowerCase().includes(term);
  const shown = term ? items.filter(matches) : items;
  return (
    <div className="min-w-0 space-y-2 rounded-md border border-gray-200 p-3">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-medium text-gray-900">
          {label}
        </h3>
        <span className="text-xs text-gray-500">{t('targets.chosen', { count: value.length })}</span>
      </div>
      {items.length > FILTERABLE_FROM && (
        <Input
          type="search"
          aria-label={t(`targets.${kind}.filter`)}
          placeholder={t(`targets.${kind}.filter`)}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <div className="max-h-56 overflow-y-auto">
        {term && shown.length === 0 && items.length > 0 ? (
          <p className="text-sm text-gray-500">{t(`targets.${kind}.noMatch`, { term: filter.trim() })}</p>
        ) : (
          <CheckboxList
            label={label}
            query={{ ...query, data: query.data ? shown : undefined }}
            loadingText={t(`targets.${kind}.loading`)}
            errorText={t(`targets.${kind}.loadFailed`)}
            emptyText={emptyText}
            name={name}
            value={value}
            onChange={onChange}
          />
        )}
      </div>
    </div>
  );
}
