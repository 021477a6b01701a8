// How a network campaign is delivering: recorded plays against the plays expected so far,
// coloured by how far behind it is (under 90 % raises an alert at the day's end).
import { cn } from '@/utils/cn';

/** At or above this share a campaign is on pace (the under-delivery alert's line). */
export const ON_PACE = 0.9;
/** Below this share it is far behind. */
export const FAR_BEHIND = 0.75;

/** The share recorded ÷ expected, or null when nothing was expected yet. */
export const paceOf = (expected: number, recorded: number) => (expected > 0 ? recorded / expected : null);

export const paceTone = (pace: number) =>
  pace >= ON_PACE ? 'text-success-700' : pace >= FAR_BEHIND ? 'text-warning-700' : 'text-danger-700';

export const formatPace = (pace: number) => `${Math.round(pace * 100)}%`;

export interface PacingTextProps {
  expected: number;
  recorded: number;
  className?: string;
}

/** "Delivered 96% of expected", or "—" before any play was expected. */
export function PacingText({ expected: expectedPlays, recorded: recordedPlays, className }: PacingTextProps) {
  // numeric columns may arrive as text from some PostgREST settings.
  const expected = Number(expectedPlays);
  const recorded = Number(recordedPlays);
  const pace = paceOf(expected, recorded);
  if (pace === null)
    return (
      <p className={cn('text-sm text-gray-500', className)} data-testid="pacing">
        <span aria-hidden>—</span>
        <span className="sr-only">No plays expected yet</span>
      </p>
    );
  return (
    <p
      className={cn('text-sm font-medium', paceTone(pace), className)}
      data-testid="pacing"
      title={`${Math.round(recorded).toLocaleString('en-US')} of ${Math.round(expected).toLocaleString('en-US')} expected plays`}
    >
      Delivered {formatPace(pace)} of expected
    </p>
  );
}
