import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

/** A grey placeholder block that pulses while content loads. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-gray-200', className)} {...props} />;
}

/** Wraps skeletons so assistive technology hears one "Loading" message instead. */
export function LoadingRegion({
  label = 'Loading...',
  className,
  children,
  ...props
}: ComponentProps<'div'> & { label?: string }) {
  return (
    <div role="status" aria-busy="true" className={className} {...props}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
