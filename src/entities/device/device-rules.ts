// A screen's (device's) rules as the database holds them: its orientation, its name
// (trimmed, 1 to 100 characters: equipment_status_device_name_is_trimmed_1_to_100_characters)
// and its loop length (equipment_status_loop_seconds_between_30_and_3600).
import { z } from 'zod';

export const ORIENTATIONS = ['landscape', 'portrait'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const ORIENTATION_LABELS: Record<Orientation, string> = {
  landscape: 'Landscape (wide)',
  portrait: 'Portrait (tall)',
};

export const deviceNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name the screen, for example Front window' })
  .max(100, { error: 'A screen name can have at most 100 characters' });

/** A loop's length in seconds, as the database allows it (equipment_status.loop_seconds). */
export const LOOP_SECONDS = { min: 30, max: 3600 } as const;

export const loopSecondsSchema = z
  .number({ error: 'Enter a number of seconds' })
  .int({ error: 'Enter whole seconds' })
  .min(LOOP_SECONDS.min, { error: `At least ${LOOP_SECONDS.min} seconds` })
  .max(LOOP_SECONDS.max, { error: `At most ${LOOP_SECONDS.max} seconds (an hour)` });
