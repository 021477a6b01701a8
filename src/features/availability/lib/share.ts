// How much of a loop is sold, in the five steps the Availability grid colours: nothing, under
// half, under 90 %, under full, and full (sold out). The steps and their words live here so the
// grid, its legend and the tests agree.

export type ShareLevel = 'free' | 'low' | 'mid' | 'high' | 'full';

export interface ShareStep {
  level: ShareLevel;
  /** The legend's words. */
  label: string;
  /** The cell's colours (design tokens). */
  classes: string;
}

export const SHARE_STEPS: readonly ShareStep[] = [
  { level: 'free', label: 'Nothing sold', classes: 'bg-white text-gray-500 ring-1 ring-gray-200 ring-inset' },
  { level: 'low', label: 'Under 50 % sold', classes: 'bg-success-200 text-gray-900' },
  { level: 'mid', label: '50 % to under 90 %', classes: 'bg-warning-200 text-gray-900' },
  { level: 'high', label: '90 % to under 100 %', classes: 'bg-warning-600 text-white' },
  { level: 'full', label: 'Sold out', classes: 'bg-danger-600 text-white' },
];

/** The part of the loop booked, 0 to 1 (more when a loop was shortened under its bookings). */
export function shareSold(bookedSeconds: number, loopSeconds: number): number {
  if (loopSeconds <= 0) return bookedSeconds > 0 ? 1 : 0;
  return bookedSeconds / loopSeconds;
}

export function shareLevel(bookedSeconds: number, loopSeconds: number): ShareLevel {
  if (bookedSeconds <= 0) return 'free';
  const share = shareSold(bookedSeconds, loopSeconds);
  if (share >= 1) return 'full';
  if (share >= 0.9) return 'high';
  if (share >= 0.5) return 'mid';
  return 'low';
}

export function shareStep(bookedSeconds: number, loopSeconds: number): ShareStep {
  const level = shareLevel(bookedSeconds, loopSeconds);
  return SHARE_STEPS.find((s) => s.level === level)!;
}

/** '45 %' (rounded down, so only a full loop reads 100 %). */
export function formatShare(bookedSeconds: number, loopSeconds: number): string {
  return `${Math.floor(shareSold(bookedSeconds, loopSeconds) * 100)} %`;
}

/** '135 of 300 s sold, 165 s free' */
export function describeSeconds(bookedSeconds: number, loopSeconds: number): string {
  return `${bookedSeconds} of ${loopSeconds} s sold, ${Math.max(0, loopSeconds - bookedSeconds)} s free`;
}
