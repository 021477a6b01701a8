import { useTranslation } from 'react-i18next';
import { cn } from '@/utils/cn';
import { SHARE_STEPS, shareStepLabel } from '../lib/share';

/** What the grid's colours mean. */
export function ShareLegend() {
  const { t } = useTranslation('availability');
  return (
    <ul aria-label={t('legend')} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-600">
      {SHARE_STEPS.map((step) => (
        <li key={step.level} className="flex items-center gap-1.5">
          <span aria-hidden className={cn('inline-block size-4 rounded', step.classes)} />
          {shareStepLabel(step)}
        </li>
      ))}
    </ul>
  );
}
