// How much of a loop is sold, in the five steps the Availability grid colours: nothing, under
// half, under 90 %, under full, and full (sold out). The steps and their words live here so the
// grid, its legend and the tests agree.
import { translate, type MessageKey } from '@/i18n';
import { formatNumber } from '@/lib/format';

export type ShareLevel = 'free' | 'low' | 'mid' | 'high' | 'full';

export interface ShareStep {
  level: ShareLevel;
  /** The legend's words (a catalogue key: read them with shareStepLabel). */
  labelKey: MessageKey;
  /** The cell's colours (design tokens). */
  classes: string;
}

export const SHARE_STEPS: readonly ShareStep[] = [
  {
    level: 'free',
    labelKey: 'availability:share.free',
    classes: 'bg-white text-gray-500 ring-1 ring-gray-200 ring-inset',
  },
  { level: 'low', labelKey: 'availability:share.low', classes: 'bg-success-200 text-gray-900' },
  { level: 'mid', labelKey: 'availability:share.mid', classes: 'bg-warning-200 text-gray-900' },
  { level: 'high', labelKey: 'availability:share.high', classes: 'bg-warning-600 text-white' },
  { level: 'full', labelKey: 'availability:share.full', classes: 'bg-danger-600 text-white' },
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

/** The legend's words for a step, in the current language. */
export const shareStepLabel = (step: ShareStep): string => translate(step.labelKey);

/** '45 %' (rounded down, so only a full loop reads 100 %). */
export function formatShare(bookedSeconds: number, loopSeconds: number): string {
  return translate('availability:share.percent', {
    percent: formatNumber(Math.floor(shareSold(bookedSeconds, loopSeconds) * 100)),
  });
}

/** '135 of 300 s sold, 165 s free' */
export function describeSeconds(bookedSeconds: number, loopSeconds: number): string {
  return translate('availability:share.seconds', {
    booked: formatNumber(bookedSeconds),
    loop: formatNumber(loopSeconds),
    free: formatNumber(Math.max(0, loopSeconds - bookedSeconds)),
  });
}
