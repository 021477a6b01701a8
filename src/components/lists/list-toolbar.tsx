import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, type SelectOption } from '@/components/ui/select';
import { formatLabel } from '@/lib/format';
import { cn } from '@/utils/cn';
import { useTranslation } from 'react-i18next';

const layouts = {
  /** Fields wrap onto the next line when the row is full. */
  wrap: 'flex flex-wrap items-end gap-3',
  /** Fields stack until the sm breakpoint, then sit in one row. */
  'stack-sm': 'flex flex-col gap-3 sm:flex-row sm:items-end',
  /** Fields stack until the lg breakpoint, then sit in one row. */
  'stack-lg': 'flex flex-col gap-3 lg:flex-row lg:items-end',
} as const;

export interface ListToolbarProps {
  layout?: keyof typeof layouts;
  className?: string;
  /** SearchField, StatusFilterSelect, FilterSelect and buttons such as "Add …". */
  children: ReactNode;
}

/** The row above a list: its search box, filters and actions, bottom-aligned. */
export function ListToolbar({ layout = 'wrap', className, children }: ListToolbarProps) {
  return <div className={cn(layouts[layout], className)}>{children}</div>;
}

/** What every toolbar field takes: its id, label, value and width. */
export interface ToolbarFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Width classes, such as 'w-48' or 'lg:w-52'. */
  className?: string;
}

function ToolbarField({
  id,
  label,
  className,
  children,
}: Pick<ToolbarFieldProps, 'id' | 'label' | 'className'> & { children: ReactNode }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A labelled search box with a search icon; it grows to fill the row. */
export function SearchField({
  placeholder,
  value,
  onValueChange,
  className,
  ...field
}: ToolbarFieldProps & { placeholder?: string }) {
  return (
    <ToolbarField {...field} className={cn('flex-1', className)}>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
        />
        <Input
          id={field.id}
          type="search"
          className="pl-9"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      </div>
    </ToolbarField>
  );
}

/** A labelled select that filters a list. */
export function FilterSelect({
  options,
  value,
  onValueChange,
  ...field
}: ToolbarFieldProps & { options: readonly SelectOption[] }) {
  return (
    <ToolbarField {...field}>
      <Select id={field.id} options={options} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </ToolbarField>
  );
}

/** A list's "Status" filter: "All statuses" (value 'all'), then each of `statuses`. */
export function StatusFilterSelect({
  statuses,
  ...field
}: Omit<ToolbarFieldProps, 'label'> & { statuses: readonly string[] }) {
  const { t } = useTranslation('common');
  const options = [
    { value: 'all', label: t('status.all') },
    ...statuses.map((s) => ({ value: s, label: t(`status.${s}`, { defaultValue: formatLabel(s) }) })),
  ];
  return <FilterSelect label={t('status.label')} options={options} {...field} />;
}
