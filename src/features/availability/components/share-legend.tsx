import { cn } from '@/utils/cn';
import { SHARE_STEPS } from '../lib/share';

/** What the grid's colours mean. */
export function ShareLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-600">
      {SHARE_STEPS.map((step) => (
        <li key={step.level} className="flex items-center gap-1.5">
          <span aria-hidden className={cn('inline-block size-4 rounded', step.classes)} />
          {step.label}
        </li>
      ))}
    </ul>
  );
}
