import type { Key, ReactNode } from 'react';
import { cn } from '@/utils/cn';

export interface CardListProps<T> {
  /** The list's accessible name, such as 'Advertisers'. */
  label: string;
  items: readonly T[];
  getKey: (item: T) => Key | null | undefined;
  /** Grid columns, such as 'sm:grid-cols-2 xl:grid-cols-3'. */
  className?: string;
  /** The card of one item. */
  children: (item: T) => ReactNode;
  /** True while the rows shown are the previous page's, as the next one loads. */
  'aria-busy'?: boolean;
}

/** A named list of cards in a grid, every card in a row as tall as the tallest. */
export function CardList<T>({ label, items, getKey, className, children, ...props }: CardListProps<T>) {
  return (
    <ul aria-label={label} className={cn('grid gap-4', className)} {...props}>
      {items.map((item) => (
        <li key={getKey(item)} className="flex min-w-0">
          <div className="min-w-0 flex-1 [&>*]:h-full">{children(item)}</div>
        </li>
      ))}
    </ul>
  );
}
