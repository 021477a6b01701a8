// The slide editor's numbers as typed: whole numbers within the slide's bounds (the same ones
// the database checks), refused at the field with a message rather than changed silently.
import { z } from 'zod';
import { DURATION, PRIORITY, REFRESH_INTERVAL } from '@/entities/slide/slide';

const wholeNumber = (label: string, { min, max }: { min: number; max: number }, unit = '') =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      error: `${label} must be a whole number from ${min} to ${max}${unit}.`,
    })
    .transform(Number);

export const slideNumbersSchema = z.object({
  duration: wholeNumber('Duration', DURATION, ' seconds'),
  priority: wholeNumber('Priority', PRIORITY),
  /** Only dynamic slides have one. */
  refresh_interval: wholeNumber('Refresh interval', REFRESH_INTERVAL, ' seconds').optional(),
});

export type SlideNumbersInput = z.input<typeof slideNumbersSchema>;
export type SlideNumberErrors = Partial<Record<keyof SlideNumbersInput, string>>;

/** The slide's numbers, or the message of each field that is out of bounds. */
export function parseSlideNumbers(
  input: SlideNumbersInput,
): { ok: true; value: z.output<typeof slideNumbersSchema> } | { ok: false; errors: SlideNumberErrors } {
  const result = slideNumbersSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: SlideNumberErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof SlideNumbersInput;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
