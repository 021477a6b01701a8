import { cn } from '@/utils/cn';

/** A group's colour as a small round swatch (a group without one shows grey). Decorative: the name says which group. */
export function GroupSwatch({ colour, className }: { colour: string | null; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('inline-block size-3 shrink-0 rounded-full ring-1 ring-gray-300 ring-inset', className)}
      style={{ backgroundColor: colour ?? '#9ca3af' }}
    />
  );
}
