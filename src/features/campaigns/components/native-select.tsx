import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

export interface NativeSelectProps extends ComponentProps<'select'> {
  invalid?: boolean;
}

/** A styled native select: keyboard and screen-reader behaviour come from the browser. */
export function NativeSelect({ className, invalid = false, ...props }: NativeSelectProps) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cn(
        'block h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-sm',
        'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
        invalid && 'border-danger-600',
        className,
      )}
      {...props}
    />
  );
}
