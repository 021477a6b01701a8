import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  options: readonly SelectOption[];
  /** A first, empty-valued option such as 'Select a customer'. */
  placeholder?: string;
  invalid?: boolean;
}

/**
 * A styled native select. Native rather than a custom listbox: it is keyboard-usable, works
 * with forms and autofill, opens the platform picker on touch devices, and tests can use
 * userEvent.selectOptions on it.
 */
export function Select({ options, placeholder, invalid = false, className, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select
        aria-invalid={invalid || undefined}
        className={cn(
          'block h-10 w-full cursor-pointer appearance-none rounded-md border border-gray-300 bg-white pr-9 pl-3 text-sm text-gray-900 shadow-sm',
          'disabled:cursor-not-allowed disabled:bg-gray-100',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
          invalid && 'border-danger-600 focus-visible:border-danger-600 focus-visible:outline-danger-600',
          className,
        )}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-500"
      />
    </div>
  );
}
