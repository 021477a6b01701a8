import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

/** A wall screen's full-screen message (loading, reconnecting, nothing to play): dark and centred. */
export function KioskMessage({ className, ...props }: ComponentProps<'div'>) {
  return (
    <main className="fixed inset-0 flex items-center justify-center bg-gray-950 p-6 text-center text-white">
      <div className={cn('flex max-w-md flex-col items-center gap-4', className)} {...props} />
    </main>
  );
}
