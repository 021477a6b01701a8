import { Fragment, type ReactNode } from 'react';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';

export interface SkeletonGridProps {
  /** What assistive technology hears, such as 'Loading advertisers'. */
  label: string;
  /** The grid classes of the list it stands in for. */
  className: string;
  /** How many placeholders (default 6). */
  count?: number;
  /** Classes of each plain placeholder block, such as 'h-56'. */
  itemClassName?: string;
  /** A placeholder of its own instead of a plain block. */
  item?: ReactNode;
}

/** A list's loading state: a grid of pulsing placeholders announced as one loading message. */
export function SkeletonGrid({ label, className, count = 6, itemClassName, item }: SkeletonGridProps) {
  return (
    <LoadingRegion label={label} className={className}>
      {Array.from({ length: count }, (_, i) =>
        item === undefined ? <Skeleton key={i} className={itemClassName} /> : <Fragment key={i}>{item}</Fragment>,
      )}
    </LoadingRegion>
  );
}
