import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

export interface InputProps extends ComponentProps<'input'> {
  invalid?: boolean;
}

export function Input({ className, invalid = false, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(
        'block h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-sm',
        'placeholder:text-gray-400 disabled:cursor-not-allowed disabled:bg-gray-100',
        'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
        invalid && 'border-danger-600 focus-visible:border-danger-600 focus-visible:outline-danger-600',
        className,
      )}
      {...props}
    />
  );
}
