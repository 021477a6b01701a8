// A venue tells the operator something is wrong with one of its screens (or with its screens
// in general): report_screen_problem() raises a venue_report alert, at most 10 an hour.
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';

/** What the venue can pick before saying more. */
export const PROBLEM_KINDS = [
  'Screen is blank or off',
  'Wrong or old content',
  'Picture or sound problem',
  'Screen damaged',
  'Something else',
] as const;

/** The database takes at most 500 characters: the choice, ': ' and the details together. */
export const REPORT_MAX_CHARS = 500;
export const DETAILS_MAX_CHARS = REPORT_MAX_CHARS - Math.max(...PROBLEM_KINDS.map((kind) => kind.length)) - 2;

export const reportProblemSchema = z
  .object({
    kind: z.enum(PROBLEM_KINDS, { error: 'Choose what is wrong' }),
    details: z
      .string()
      .trim()
      .max(DETAILS_MAX_CHARS, { error: `At most ${DETAILS_MAX_CHARS} characters` }),
  })
  .transform(({ kind, details }) => ({ message: details ? `${kind}: ${details}` : kind }));

export type ReportProblemInput = z.input<typeof reportProblemSchema>;
export type ReportProblemValues = z.output<typeof reportProblemSchema>;

export function useReportProblem() {
  return useMutation({
    mutationFn: async ({ deviceId, message }: ReportProblemValues & { deviceId: string | null }) => {
      const { data } = await supabase
        .rpc('report_screen_problem', { p_device_id: deviceId, p_message: message })
        .throwOnError();
      return data;
    },
  });
}
