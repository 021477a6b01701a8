// One kind of network target (venues, screen groups or screens) to tick: a filter box when
// the list is long, the list itself (scrolling), and how many are chosen.
import { useId, useState } from 'react';
import { CheckboxList, type CheckboxListItem } from '@/components/ui/checkbox-list';
import { Input } from '@/components/ui/input';

/** Above this many items the list gets a filter box. */
const FILTERABLE_FROM = 8;

export interface TargetPickerProps {
  /** The list's heading and accessible name: 'Venues', 'Screen groups', 'Screens'. */
  label: string;
  query: { isPending: boolean; isError: boolean; data?: CheckboxListItem[]; refetch: () => unknown };
  /** What the items are called in the filter's label ('venues'). */
  noun: string;
  emptyText: string;
  name: string;
  value: string[];
  onChange: (ids: string[]) => void;
}

export function TargetPicker({ label, query, noun, emptyText, name, value, onChange }: TargetPickerProps) {
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
        <span className="text-xs text-gray-500">{value.length} chosen</span>
      </div>
      {items.length > FILTERABLE_FROM && (
        <Input
          type="search"
          aria-label={`Filter ${noun}`}
          placeholder={`Filter ${noun}`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <div className="max-h-56 overflow-y-auto">
        {term && shown.length === 0 && items.length > 0 ? (
          <p className="text-sm text-gray-500">
            No {noun} match “{filter.trim()}”.
          </p>
        ) : (
          <CheckboxList
            label={label}
            query={{ ...query, data: query.data ? shown : undefined }}
            loadingText={`Loading ${noun}...`}
            errorText={`Could not load ${noun}.`}
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
