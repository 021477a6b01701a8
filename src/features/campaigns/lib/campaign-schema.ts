import { z } from 'zod';
import { calendarDate } from '@/entities/campaign/campaign-dates';
import { toMinutes } from '@/entities/campaign/schedule';
import type { IsoWeekday, ScheduleWindow } from '@/types/database-json';
import { CAMPAIGN_STATUSES } from '../api/campaigns';

/** A date input's value (yyyy-mm-dd) or empty. */
const optionalDate = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a valid date');

/** Where a campaign plays: every screen of its venue, or only the chosen ones. */
export const CAMPAIGN_TARGETINGS = ['all', 'chosen'] as const;

/** When a campaign plays in the day: always, or in its windows. */
export const CAMPAIGN_SCHEDULES = ['always', 'windows'] as const;
/** At most this many windows (the database's limit too). */
export const MAX_WINDOWS = 14;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Enter a time like 07:00');

/** One daypart: days of the week and a time range (an end before the start runs over midnight). */
export const windowSchema = z
  .object({
    days: z.array(z.number().int().min(1).max(7)).min(1, 'Choose at least one day'),
    start: time.refine((v) => v !== '24:00', 'Start before 24:00 (00:00 is midnight)'),
    end: time,
  })
  .refine((w) => toMinutes(w.start) % 1440 !== toMinutes(w.end) % 1440, {
    path: ['end'],
    message: 'The start and the end are the same time',
  });

/**
 * The campaign form: name, customer and status required; dates optional, the end not before
 * the start, a start for a scheduled campaign; priority 1 to 10; with "Chosen screens", at
 * least one screen of the venue; with "At set times", at least one window.
 */
export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required'),
    customer_id: z.string().min(1, 'Customer is required'),
    status: z.enum(CAMPAIGN_STATUSES, { error: 'Status is required' }),
    start_date: optionalDate,
    end_date: optionalDate,
    priority: z
      .number({ error: 'Priority is a number from 1 to 10' })
      .int('Priority is a whole number from 1 to 10')
      .min(1, 'Priority is a number from 1 to 10')
      .max(10, 'Priority is a number from 1 to 10'),
    targeting: z.enum(CAMPAIGN_TARGETINGS),
    device_ids: z.array(z.string()),
    schedule: z.enum(CAMPAIGN_SCHEDULES),
    windows: z.array(windowSchema).max(MAX_WINDOWS, `At most ${MAX_WINDOWS} time windows`),
  })
  .refine((value) => !value.start_date || !value.end_date || value.end_date >= value.start_date, {
    path: ['end_date'],
    message: 'End date cannot be before the start date',
  })
  .refine((value) => value.status !== 'scheduled' || !!value.start_date, {
    path: ['start_date'],
    message: 'A scheduled campaign needs a start date.',
  })
  .refine((value) => value.targeting === 'all' || value.device_ids.length > 0, {
    path: ['device_ids'],
    message: 'Choose at least one screen, or play on all screens.',
  })
  .refine((value) => value.schedule === 'always' || value.windows.length > 0, {
    path: ['windows'],
    message: 'Add at least one time window, or play all day.',
  });

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

export const emptyCampaignForm: CampaignFormValues = {
  name: '',
  customer_id: '',
  status: 'active',
  start_date: '',
  end_date: '',
  priority: 1,
  targeting: 'all',
  device_ids: [],
  schedule: 'always',
  windows: [],
};

/** A new window: weekdays, nine to five. */
export const newWindow = (): CampaignFormValues['windows'][number] => ({
  days: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
});

/** The windows to save for the form's choice: none for "All day, every day". */
export const scheduleWindows = (values: CampaignFormValues): ScheduleWindow[] =>
  values.schedule === 'always' ? [] : values.windows.map((w) => ({ ...w, days: [...w.days].sort() as IsoWeekday[] }));

/** The screens to save for the form's choice: none for "All screens of the venue". */
export const chosenScreens = (values: CampaignFormValues) => (values.targeting === 'chosen' ? values.device_ids : []);

/** A date input value (yyyy-mm-dd) as the calendar date column takes it, or null when empty. */
export const formDateToColumn = (value: string) => calendarDate(value);

/** A stored calendar date as a date input value ('' when there is none). */
export const columnToFormDate = (value: string | null) => calendarDate(value) ?? '';
