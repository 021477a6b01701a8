import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

export interface TextareaProps extends ComponentProps<'textarea'> {
  invalid?: boolean;
}

export function Textarea({ className, invalid = false, rows = 3, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn(
        'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm',
        'placeholder:text-gray-400 disabled:cursor-not-allowed disabled:bg-gray-100',
        'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
        invalid && 'border-danger-600 focus-visible:border-danger-600 focus-visible:outline-danger-600',
        className,
      )}
      {...props}
    />
  );
}
