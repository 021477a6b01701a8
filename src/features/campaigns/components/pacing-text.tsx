// How a network campaign is delivering: recorded plays against the plays expected so far,
// coloured by how far behind it is (under 90 % raises an alert at the day's end).
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { cn } from '@/utils/cn';

/** At or above this share a campaign is on pace (the under-delivery alert's line). */
export const ON_PACE = 0.9;
/** Below this share it is far behind. */
export const FAR_BEHIND = 0.75;

/** The share recorded ÷ expected, or null when nothing was expected yet. */
export const paceOf = (expected: number, recorded: number) => (expected > 0 ? recorded / expected : null);

export const paceTone = (pace: number) =>
  pace >= ON_PACE ? 'text-success-700' : pace >= FAR_BEHIND ? 'text-warning-700' : 'text-danger-700';

/** '96%', '96 %' in German: the pace in the current language. */
export const formatPace = (pace: number) => formatNumber(Math.round(pace * 100) / 100, { style: 'percent' });

export interface PacingTextProps {
  expected: number;
  recorded: number;
  className?: string;
}

/** "Delivered 96% of expected", or "—" before any play was expected. */
export function PacingText({ expected: expectedPlays, recorded: recordedPlays, className }: PacingTextProps) {
  const { t } = useTranslation('campaigns');
  // numeric columns may arrive as text from some PostgREST settings.
  const expected = Number(expectedPlays);
  const recorded = Number(recordedPlays);
  const pace = paceOf(expected, recorded);
  if (pace === null)
    return (
      <p className={cn('text-sm text-gray-500', className)} data-testid="pacing">
        <span aria-hidden>—</span>
        <span className="sr-only">{t('pacing.noneExpected')}</span>
      </p>
    );
  return (
    <p
      className={cn('text-sm font-medium', paceTone(pace), className)}
      data-testid="pacing"
      title={t('pacing.title', { recorded: formatNumber(Math.round(recorded)), expected: formatNumber(Math.round(expected)) })}
    >
      {t('pacing.delivered', { pace: formatPace(pace) })}
    </p>
  );
}
