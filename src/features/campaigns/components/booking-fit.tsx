// "Fits on N screens" or the database's refusal, as the network campaign's fields change:
// announced politely, never blocking the form.
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { cn } from '@/utils/cn';
import { serverMessage } from '@/lib/write-errors';
import type { BookingCheckState } from '../api/booking-check';

export interface BookingFitProps {
  check: BookingCheckState;
  /** How many screens the campaign would play on; undefined while the screens are loading. */
  screenCount: number | undefined;
  className?: string;
}

const screens = (n: number) => `${n} ${n === 1 ? 'screen' : 'screens'}`;

function fitText(check: Extract<BookingCheckState, { state: 'done' }>, screenCount: number | undefined) {
  const { status } = check.values;
  if (status === 'paused' || status === 'completed')
    return `Fits: a ${status} campaign books no airtime. It is checked again when it is active or scheduled.`;
  if (screenCount === undefined) return 'Fits on every screen it targets.';
  if (screenCount === 0) return 'Fits, but its targets have no screens yet.';
  return `Fits on ${screens(screenCount)}.`;
}

export function BookingFit({ check, screenCount, className }: BookingFitProps) {
  const base = cn('flex items-start gap-2 text-sm', className);
  let body;
  if (check.state === 'idle')
    body = <p className="text-gray-500">Choose the advertiser and where it plays to see whether it fits.</p>;
  else if (check.state === 'checking')
    body = (
      <p className="flex items-center gap-2 text-gray-600">
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
        Checking availability...
      </p>
    );
  else if (check.state === 'error')
    body = (
      <p className="text-warning-700">
        Could not check availability{serverMessage(check.error) ? `: ${serverMessage(check.error)}` : '.'} Saving still
        checks it.
      </p>
    );
  else if (check.answer.fits)
    body = (
      <p className="flex items-start gap-2 font-medium text-success-700">
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        {fitText(check, screenCount)}
      </p>
    );
  else
    body = (
      <p className="flex items-start gap-2 font-medium text-danger-700">
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>Does not fit: {check.answer.message}</span>
      </p>
    );
  return (
    <div role="status" aria-live="polite" aria-label="Availability" className={base} data-testid="booking-fit">
      {body}
    </div>
  );
}
