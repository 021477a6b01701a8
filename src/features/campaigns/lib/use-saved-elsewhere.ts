// The slide builder hears, through Realtime, when the campaign it edits is saved by someone
// else (another admin's builder or campaign form): every save gives the campaign row a new
// updated_at. A change newer than the one the builder holds, and not its own save, is
// someone else's.
import { useState } from 'react';
import { useTableChanges } from '@/lib/realtime';

/**
 * The updated_at of a save by someone else that the builder has not loaded, or null.
 * `known` are the campaign's updated_at values the builder knows of: the one it holds, and
 * the one its own last save made (read back right after the save, before the builder shows
 * it). While `busy` (its own save running, or a reload) nothing is judged, so the builder's
 * own save is never taken for someone else's; once the builder holds a version as new as
 * the one heard (reloaded, or saved over it) the answer is null again.
 */
export function useSavedElsewhere(campaignId: string, known: (string | null)[], busy: boolean): string | null {
  const [heard, setHeard] = useState<string | null>(null);

  useTableChanges({
    name: `builder-${campaignId}`,
    tables: [{ table: 'campaigns', event: 'UPDATE', filter: `id=eq.${campaignId}` }],
    onChange: (change) => {
      const updatedAt = (change.new as { updated_at?: unknown }).updated_at;
      if (typeof updatedAt === 'string') setHeard(updatedAt);
    },
  });

  if (!heard || busy) return null;
  const newest = Math.max(...known.map((k) => (k ? micros(k) : 0)));
  return micros(heard) > newest ? heard : null;
}

/** A Postgres timestamp in microseconds (Date keeps milliseconds only; two saves can share one). */
function micros(timestamp: string): number {
  const fraction = /\.(\d+)/.exec(timestamp)?.[1] ?? '';
  const whole = Date.parse(timestamp.replace(/\.\d+/, ''));
  return whole * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}
