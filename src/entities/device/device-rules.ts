// A screen's (device's) rules as the database holds them: its orientation and its name
// (trimmed, 1 to 100 characters: equipment_status_device_name_is_trimmed_1_to_100_characters).
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
