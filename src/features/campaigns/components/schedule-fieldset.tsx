// "When it plays": all day, every day, or at set times (dayparts). Each time window has its
// days and a time range in the venue's time zone; an end before the start runs over midnight.
// A week view draws what the windows cover, and says it in words for screen readers.
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useController,
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/utils/cn';
import { clockTime, describeWindows, toMinutes, WEEKDAYS, windowsCover } from '@/entities/campaign/schedule';
import type { IsoWeekday } from '@/types/database-json';
import { MAX_WINDOWS, newWindow, type CampaignFormValues } from '../lib/campaign-schema';

/** A window's time fields, by their form names. */
const startOf = (index: number) => `windows.${index}.start` as const;
const endOf = (index: number) => `windows.${index}.end` as const;

const radioClass = 'size-4 border-gray-300 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

export interface ScheduleFieldsetProps {
  control: Control<CampaignFormValues>;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
  /** The venue's time zone, when a venue is chosen (the windows are in its local time). */
  timeZone: string | null;
  /** Where the times are, in words, when no one time zone says it (a network campaign's screens). */
  zoneText?: string;
}

function Days({ control, index }: { control: Control<CampaignFormValues>; index: number }) {
  const { t } = useTranslation('campaigns');
  const { field } = useController({ control, name: `windows.${index}.days` });
  const days = field.value ?? [];
  const toggle = (day: IsoWeekday, on: boolean) =>
    field.onChange(on ? [...days, day].sort((a, b) => a - b) : days.filter((d) => d !== day));
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label={t('schedule.daysOf', { n: index + 1 })}>
      {WEEKDAYS.map(({ day, short, long }) => {
        const on = days.includes(day);
        return (
          <label
            key={day}
            className={cn(
              'inline-flex cursor-pointer items-center rounded-md border px-2 py-1 text-xs font-medium select-none',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600',
              on
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
            )}
            title={long}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={on}
              onChange={(e) => toggle(day, e.target.checked)}
              aria-label={long}
            />
            {short}
          </label>
        );
      })}
    </div>
  );
}

/** The week, hour by hour: what the windows cover (decoration; the same in words beside it). */
function WeekView({ control }: { control: Control<CampaignFormValues> }) {
  const windows = useWatch({ control, name: 'windows' }) ?? [];
  const valid = windows.filter(
    (w) => w.days.length > 0 && Number.isFinite(toMinutes(w.start)) && Number.isFinite(toMinutes(w.end)),
  );
  return (
    <div className="space-y-1" aria-hidden data-testid="week-view">
      <div className="ml-10 grid grid-cols-4 text-[10px] text-gray-500">
        {[0, 6, 12, 18].map((hour) => (
          <span key={hour}>{clockTime(hour * 60)}</span>
        ))}
      </div>
      {WEEKDAYS.map(({ day, short }) => (
        <div key={day} className="flex items-center gap-2">
          <span className="w-8 text-xs text-gray-600">{short}</span>
          <div className="grid h-3 flex-1 grid-cols-[repeat(48,minmax(0,1fr))] overflow-hidden rounded bg-gray-100">
            {Array.from({ length: 48 }, (_, half) => (
              <span
                key={half}
                className={cn(
                  windowsCover(
                    valid.map((w) => ({ ...w, days: w.days as IsoWeekday[] })),
                    { weekday: day, minutes: half * 30 },
                  ) && 'bg-brand-500',
                )}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export function ScheduleFieldset({ control, register, errors, timeZone, zoneText }: ScheduleFieldsetProps) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  const schedule = useWatch({ control, name: 'schedule' });
  const windows = useWatch({ control, name: 'windows' }) ?? [];
  const { fields, append, remove } = useFieldArray({ control, name: 'windows' });
  const listError = errors.windows?.root?.message ?? errors.windows?.message;
  const zone = timeZone ? timeZone.replaceAll('_', ' ') : (zoneText ?? t('schedule.venueZone'));
  const set = windows.filter((x) => x.days.length > 0);

  return (
    <fieldset className="space-y-3 md:col-span-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-gray-700">{t('schedule.legend')}</legend>
      <p id={`${id}-hint`} className="text-xs text-gray-500">
        {t('schedule.hint', { zone })}
      </p>
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input type="radio" value="always" className={radioClass} {...register('schedule')} />
        {t('schedule.always')}
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input type="radio" value="windows" className={radioClass} {...register('schedule')} />
        {t('schedule.windows')}
      </label>
      {schedule === 'windows' && (
        <div className="ml-6 space-y-4">
          <ul className="space-y-3" aria-label={t('schedule.list')}>
            {fields.map((field, index) => {
              const w = windows[index];
              const errs = errors.windows?.[index];
              const startField = register(startOf(index));
              const endField = register(endOf(index));
              const overMidnight =
                w && toMinutes(w.end) <= toMinutes(w.start) && w.end !== '00:00' && w.end !== '24:00';
              return (
                <li key={field.id} className="space-y-2 rounded-md border border-gray-200 p-3">
                  <div className="flex flex-wrap items-end gap-3">
                    <Days control={control} index={index} />
                    <div className="text-xs text-gray-700">
                      <label htmlFor={`${id}-${index}-start`}>{t('schedule.from')}</label>
                      <Input
                        id={`${id}-${index}-start`}
                        type="time"
                        className="mt-1 w-28"
                        aria-invalid={!!errs?.start || undefined}
                        aria-label={t('schedule.starts', { n: index + 1 })}
                        {...startField}
                      />
                    </div>
                    <div className="text-xs text-gray-700">
                      <label htmlFor={`${id}-${index}-end`}>{t('schedule.to')}</label>
                      <Input
                        id={`${id}-${index}-end`}
                        type="time"
                        className="mt-1 w-28"
                        aria-invalid={!!errs?.end || undefined}
                        aria-label={t('schedule.ends', { n: index + 1 })}
                        {...endField}
                      />
                    </div>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => remove(index)}
                      aria-label={t('schedule.remove', { n: index + 1 })}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </div>
                  {overMidnight && (
                    <p className="text-xs text-gray-500">
                      {t('schedule.overMidnight', { end: clockTime(toMinutes(w.end)) })}
                    </p>
                  )}
                  {(errs?.days?.message ?? errs?.days?.root?.message) && (
                    <p className="text-sm text-danger-700">{errs?.days?.message ?? errs?.days?.root?.message}</p>
                  )}
                  {(errs?.start?.message || errs?.end?.message) && (
                    <p className="text-sm text-danger-700">{errs?.start?.message ?? errs?.end?.message}</p>
                  )}
                </li>
              );
            })}
          </ul>
          {listError && <p className="text-sm text-danger-700">{listError}</p>}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => append(newWindow())}
            disabled={fields.length >= MAX_WINDOWS}
          >
            <Plus aria-hidden className="size-4" />
            {t('schedule.add')}
          </Button>
          <div className="space-y-2">
            <p className="text-sm text-gray-700" data-testid="schedule-summary">
              {set.length === 0 ? t('schedule.noTimes') : t('schedule.summary', { when: describeWindows(set as never) })}
            </p>
            <WeekView control={control} />
          </div>
        </div>
      )}
    </fieldset>
  );
}
