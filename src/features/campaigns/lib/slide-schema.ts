// The slide editor's numbers as typed: whole numbers within the slide's bounds (the same ones
// the database checks), refused at the field with a message rather than changed silently.
import { z } from 'zod';
import { message, type MessageKey } from '@/i18n';
import { DURATION, PRIORITY, REFRESH_INTERVAL } from '@/entities/slide/slide';

const wholeNumber = (key: MessageKey, { min, max }: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, { ...message(key, { min, max }) })
    .transform(Number);

export const slideNumbersSchema = z.object({
  duration: wholeNumber('builder:numbers.duration', DURATION),
  priority: wholeNumber('builder:numbers.priority', PRIORITY),
  /** Only dynamic slides have one. */
  refresh_interval: wholeNumber('builder:numbers.refresh', REFRESH_INTERVAL).optional(),
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
