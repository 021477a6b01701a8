import { useTranslation } from 'react-i18next';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/utils/cn';
import { describeSeconds, formatShare, shareStep, shareStepLabel } from '../lib/share';

export interface DayCellProps {
  bookedSeconds: number;
  loopSeconds: number;
  /** What the cell is, for screen readers: 'Lobby 1, Tue, Dec 1, 2026'. */
  label: string;
  /** A second line under the share, such as '3 of 5 with room'. */
  note?: string;
  onOpen: () => void;
}

/**
 * One screen's (or group's) day: coloured by the share of its loop sold, the share as text, and
 * the seconds for screen readers (its name holds the text it shows, as WCAG 2.5.3 asks). A button: click or Enter opens the campaigns booked.
 */
export function DayCell({ bookedSeconds, loopSeconds, label, note, onOpen }: DayCellProps) {
  const { t } = useTranslation('availability');
  const step = shareStep(bookedSeconds, loopSeconds);
  const share = formatShare(bookedSeconds, loopSeconds);
  const seconds = describeSeconds(bookedSeconds, loopSeconds);
  return (
    <button
      type="button"
      data-level={step.level}
      aria-label={t(note ? 'cell.labelWithNote' : 'cell.label', {
        label,
        share,
        seconds,
        step: shareStepLabel(step).toLocaleLowerCase(),
        note,
      })}
      title={note ? t('cell.titleWithNote', { seconds, note }) : seconds}
      onClick={onOpen}
      className={cn(
        'flex h-11 w-full min-w-14 cursor-pointer flex-col items-center justify-center rounded text-xs font-medium tabular-nums',
        step.classes,
        focusRing,
      )}
    >
      <span aria-hidden>{share}</span>
      {note && (
        <span aria-hidden className="text-[0.65rem] font-normal opacity-80">
          {note}
        </span>
      )}
    </button>
  );
}
