// "Fits on N screens" or the database's refusal, as the network campaign's fields change:
// announced politely, never blocking the form.
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { cn } from '@/utils/cn';
import { serverMessage } from '@/lib/write-errors';
import type { BookingCheckState } from '../api/booking-check';
import { localServerMessage } from '../lib/server-messages';

export interface BookingFitProps {
  check: BookingCheckState;
  /** How many screens the campaign would play on; undefined while the screens are loading. */
  screenCount: number | undefined;
  className?: string;
}

function fitText(check: Extract<BookingCheckState, { state: 'done' }>, screenCount: number | undefined) {
  const { status } = check.values;
  if (status === 'paused') return translate('campaigns:fit.paused');
  if (status === 'completed') return translate('campaigns:fit.completed');
  if (screenCount === undefined) return translate('campaigns:fit.everyScreen');
  if (screenCount === 0) return translate('campaigns:fit.noScreens');
  return translate('campaigns:fit.screens', { count: screenCount });
}

export function BookingFit({ check, screenCount, className }: BookingFitProps) {
  const { t } = useTranslation('campaigns');
  const base = cn('flex items-start gap-2 text-sm', className);
  let body;
  if (check.state === 'idle')
    body = <p className="text-gray-500">{t('fit.idle')}</p>;
  else if (check.state === 'checking')
    body = (
      <p className="flex items-center gap-2 text-gray-600">
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
        {t('fit.checking')}
      </p>
    );
  else if (check.state === 'error') {
    const reason = serverMessage(check.error);
    body = (
      <p className="text-warning-700">
        {reason ? t('fit.errorWith', { reason: localServerMessage(reason) }) : t('fit.error')}
      </p>
    );
  }
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
        <span>{t('fit.doesNotFit', { reason: localServerMessage(check.answer.message ?? '') })}</span>
      </p>
    );
  return (
    <div role="status" aria-live="polite" aria-label={t('fit.label')} className={base} data-testid="booking-fit">
      {body}
    </div>
  );
}
