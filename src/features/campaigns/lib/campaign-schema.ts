import { z } from 'zod';
import { message, translate, type MessageKey } from '@/i18n';
import { calendarDate } from '@/entities/campaign/campaign-dates';
import { toMinutes } from '@/entities/campaign/schedule';
import type { CampaignTarget, IsoWeekday, ScheduleWindow } from '@/types/database-json';
import { formatNumber } from '@/lib/format';
import { CAMPAIGN_STATUSES } from '../api/campaigns';

/** A date input's value (yyyy-mm-dd) or empty. */
const optionalDate = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, message('campaigns:form.errors.date'));

/** Where a campaign plays: every screen of its venue, or only the chosen ones. */
export const CAMPAIGN_TARGETINGS = ['all', 'chosen'] as const;

/** Whose campaign it is: a venue's own, or an advertiser's across the network. */
export const CAMPAIGN_KINDS = ['venue', 'network'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** Where a network campaign plays: its chosen venues, groups and screens, or every screen. */
export const NETWORK_PLAYS_ON = ['targets', 'network'] as const;

/** Spots a network campaign books in each loop (the database's limit too). */
export const MIN_SPOTS = 1;
export const MAX_SPOTS = 20;
/** A spot's length while the campaign has no slides: a slide's bounds. */
export const MIN_SPOT_SECONDS = 5;
export const MAX_SPOT_SECONDS = 300;

/** How a network campaign is priced: not yet, per 1,000 plays delivered, or a fixed amount for its period. */
export const PRICE_BASES = ['none', 'cpm', 'fixed'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];
/** The largest price the database keeps (numeric(12, 2)). */
export const MAX_PRICE = 9_999_999_999.99;

/** The price's messages (in English word for word the database's, save_campaign), read when shown. */
export const PRICE_MESSAGES = {
  amountRequired: 'campaigns:price.errors.amountRequired',
  negative: 'campaigns:price.errors.negative',
  cents: 'campaigns:price.errors.cents',
  tooLarge: 'campaigns:price.errors.tooLarge',
  notANumber: 'campaigns:price.errors.notANumber',
  fixedNeedsPeriod: 'campaigns:price.errors.fixedNeedsPeriod',
} as const satisfies Record<string, MessageKey>;

/** What is wrong with a price amount typed in the form, or null when it is a price. */
export function priceAmountProblem(amount: string): string | null {
  const text = amount.trim();
  if (text === '') return translate(PRICE_MESSAGES.amountRequired);
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(text)) return translate(PRICE_MESSAGES.notANumber);
  const value = Number(text);
  if (value < 0) return translate(PRICE_MESSAGES.negative);
  if (!/^\d+(\.\d{0,2})?$/.test(text.replace(/^\./, '0.'))) return translate(PRICE_MESSAGES.cents);
  if (value > MAX_PRICE) return translate(PRICE_MESSAGES.tooLarge, { max: formatNumber(MAX_PRICE, { minimumFractionDigits: 2 }) });
  return null;
}

/** When a campaign plays in the day: always, or in its windows. */
export const CAMPAIGN_SCHEDULES = ['always', 'windows'] as const;
/** At most this many windows (the database's limit too). */
export const MAX_WINDOWS = 14;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, message('campaigns:form.errors.time'));

/** One daypart: days of the week and a time range (an end before the start runs over midnight). */
export const windowSchema = z
  .object({
    days: z.array(z.number().int().min(1).max(7)).min(1, message('campaigns:form.errors.days')),
    start: time.refine((v) => v !== '24:00', message('campaigns:form.errors.startBefore24')),
    end: time,
  })
  .refine((w) => toMinutes(w.start) % 1440 !== toMinutes(w.end) % 1440, {
    path: ['end'],
    ...message('campaigns:form.errors.sameTime'),
  });

const SPOTS_MESSAGE = message('campaigns:form.errors.spots', { min: MIN_SPOTS, max: MAX_SPOTS });
const SPOT_SECONDS_MESSAGE = message('campaigns:form.errors.spotSeconds', { min: MIN_SPOT_SECONDS, max: MAX_SPOT_SECONDS });
const PRIORITY_MESSAGE = message('campaigns:form.errors.priority');

/**
 * The campaign form: name and status required; dates optional, the end not before the start,
 * a start for a scheduled campaign; priority 1 to 10; with "At set times", at least one window.
 * A venue campaign needs its customer, and with "Chosen screens" at least one screen of the
 * venue. A network campaign needs its advertiser, at least one target unless it plays on the
 * whole network, and 1 to 20 spots per loop; its price, when it has one, an amount of at most
 * two decimals (a fixed price also needs both dates).
 */
export const campaignFormSchema = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS),
    name: z.string().trim().min(1, message('campaigns:form.errors.name')),
    customer_id: z.string(),
    status: z.enum(CAMPAIGN_STATUSES, message('campaigns:form.errors.status')),
    start_date: optionalDate,
    end_date: optionalDate,
    priority: z
      .number(PRIORITY_MESSAGE)
      .int(message('campaigns:form.errors.priorityWhole'))
      .min(1, PRIORITY_MESSAGE)
      .max(10, PRIORITY_MESSAGE),
    targeting: z.enum(CAMPAIGN_TARGETINGS),
    device_ids: z.array(z.string()),
    schedule: z.enum(CAMPAIGN_SCHEDULES),
    windows: z.array(windowSchema).max(MAX_WINDOWS, message('campaigns:form.errors.maxWindows', { max: MAX_WINDOWS })),
    advertiser_id: z.string(),
    network_plays_on: z.enum(NETWORK_PLAYS_ON),
    target_venue_ids: z.array(z.string()),
    target_group_ids: z.array(z.string()),
    target_device_ids: z.array(z.string()),
    spots_per_loop: z
      .number(SPOTS_MESSAGE)
      .int(SPOTS_MESSAGE)
      .min(MIN_SPOTS, SPOTS_MESSAGE)
      .max(MAX_SPOTS, SPOTS_MESSAGE),
    price_basis: z.enum(PRICE_BASES),
    /** The price as typed (a number of the network's currency, cents at most). */
    price_amount: z.string(),
    /** How long a spot will be, for the booking check of a campaign without slides (not saved). */
    spot_seconds: z
      .number(SPOT_SECONDS_MESSAGE)
      .int(SPOT_SECONDS_MESSAGE)
      .min(MIN_SPOT_SECONDS, SPOT_SECONDS_MESSAGE)
      .max(MAX_SPOT_SECONDS, SPOT_SECONDS_MESSAGE),
  })
  .refine((value) => value.kind !== 'venue' || value.customer_id.length > 0, {
    path: ['customer_id'],
    ...message('campaigns:form.errors.customer'),
  })
  .refine((value) => value.kind !== 'network' || value.advertiser_id.length > 0, {
    path: ['advertiser_id'],
    ...message('campaigns:form.errors.advertiser'),
  })
  .refine((value) => value.kind !== 'network' || value.network_plays_on === 'network' || targetCount(value) > 0, {
    path: ['target_device_ids'],
    ...message('campaigns:form.errors.targets'),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== 'network' || value.price_basis === 'none') return;
    const problem = priceAmountProblem(value.price_amount);
    if (problem) ctx.addIssue({ code: 'custom', path: ['price_amount'], message: problem });
    if (value.price_basis === 'fixed' && (!value.start_date || !value.end_date)) {
      ctx.addIssue({ code: 'custom', path: ['price_basis'], message: translate(PRICE_MESSAGES.fixedNeedsPeriod) });
    }
  })
  .refine((value) => !value.start_date || !value.end_date || value.end_date >= value.start_date, {
    path: ['end_date'],
    ...message('campaigns:form.errors.endBeforeStart'),
  })
  .refine((value) => value.status !== 'scheduled' || !!value.start_date, {
    path: ['start_date'],
    ...message('campaigns:form.errors.scheduledNeedsStart'),
  })
  .refine((value) => value.kind !== 'venue' || value.targeting === 'all' || value.device_ids.length > 0, {
    path: ['device_ids'],
    ...message('campaigns:form.errors.screens'),
  })
  .refine((value) => value.schedule === 'always' || value.windows.length > 0, {
    path: ['windows'],
    ...message('campaigns:form.errors.windows'),
  });

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

export const emptyCampaignForm: CampaignFormValues = {
  kind: 'venue',
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
  advertiser_id: '',
  network_plays_on: 'targets',
  target_venue_ids: [],
  target_group_ids: [],
  target_device_ids: [],
  spots_per_loop: 1,
  price_basis: 'none',
  price_amount: '',
  spot_seconds: 10,
};

/** A network campaign's price as save_campaign() takes it ('none' removes it). */
export function priceArgs(values: CampaignFormValues): { p_price_basis: PriceBasis; p_price_amount?: number } {
  return values.price_basis === 'none'
    ? { p_price_basis: 'none' }
    : { p_price_basis: values.price_basis, p_price_amount: Number(values.price_amount.trim()) };
}

/** How many venues, groups and screens a network campaign names. */
export function targetCount(values: {
  target_venue_ids: string[];
  target_group_ids: string[];
  target_device_ids: string[];
}): number {
  return values.target_venue_ids.length + values.target_group_ids.length + values.target_device_ids.length;
}

/** A network campaign's targets as save_campaign() takes them: none when it plays on the whole network. */
export function networkTargets(values: CampaignFormValues): CampaignTarget[] {
  if (values.network_plays_on === 'network') return [];
  return [
    ...values.target_venue_ids.map((id) => ({ customer_id: id })),
    ...values.target_group_ids.map((id) => ({ group_id: id })),
    ...values.target_device_ids.map((id) => ({ device_id: id })),
  ];
}

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
