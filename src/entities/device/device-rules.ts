// A screen's (device's) rules as the database holds them: its orientation, its name
// (trimmed, 1 to 100 characters: equipment_status_device_name_is_trimmed_1_to_100_characters)
// and its loop length (equipment_status_loop_seconds_between_30_and_3600).
import { z } from 'zod';
import { message, translate } from '@/i18n';

export const ORIENTATIONS = ['landscape', 'portrait'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** 'Landscape (wide)' / 'Portrait (tall)', as the orientation choices say it, in the current language. */
export function orientationOption(orientation: Orientation): string {
  return translate(`equipment:orientation.options.${orientation}`);
}

/** 'Landscape' / 'Portrait' for a stored orientation (anything else reads as landscape). */
export function orientationLabel(orientation: string | null | undefined): string {
  return translate(`equipment:orientation.short.${orientation === 'portrait' ? 'portrait' : 'landscape'}`);
}

export const DEVICE_NAME_MAX = 100;

export const deviceNameSchema = z
  .string()
  .trim()
  .min(1, message('equipment:rules.nameRequired'))
  .max(DEVICE_NAME_MAX, message('equipment:rules.nameTooLong', { max: DEVICE_NAME_MAX }));

/** A loop's length in seconds, as the database allows it (equipment_status.loop_seconds). */
export const LOOP_SECONDS = { min: 30, max: 3600 } as const;

export const loopSecondsSchema = z
  .number(message('equipment:rules.loopNumber'))
  .int(message('equipment:rules.loopWhole'))
  .min(LOOP_SECONDS.min, message('equipment:rules.loopMin', { min: LOOP_SECONDS.min }))
  .max(LOOP_SECONDS.max, message('equipment:rules.loopMax', { max: LOOP_SECONDS.max }));
