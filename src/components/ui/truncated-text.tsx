import type { ComponentProps, ElementType } from 'react';
import { cn } from '@/utils/cn';

export type TruncatedTextProps<T extends ElementType = 'span'> = {
  /** The element to render (default span). */
  as?: T;
  /** The whole text: shown on one line, cut with an ellipsis, and in full on hover. */
  children: string;
} & Omit<ComponentProps<T>, 'children' | 'title'>;

/**
 * Long text on one line, cut with an ellipsis where it no longer fits. The whole text stays in
 * the page (assistive technology reads all of it) and shows on hover through `title`. Its
 * parent must let it shrink (`min-w-0` on a flex or grid item).
 */
export function TruncatedText<T extends ElementType = 'span'>({
  as,
  className,
  children,
  ...props
}: TruncatedTextProps<T>) {
  const Component: ElementType = as ?? 'span';
  return (
    <Component className={cn('block min-w-0 truncate', className)} title={children} {...props}>
      {children}
    </Component>
  );
}
