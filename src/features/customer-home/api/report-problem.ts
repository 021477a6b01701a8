// A venue tells the operator something is wrong with one of its screens (or with its screens
// in general): report_screen_problem() raises a venue_report alert, at most 10 an hour.
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { message, translate, type MessageKey } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { serverMessage } from '@/lib/write-errors';

/**
 * What the venue can pick before saying more. The operator reads the report as sent, so the
 * choice is sent in these words; the venue sees it in its own language (PROBLEM_KIND_KEYS).
 */
export const PROBLEM_KINDS = [
  'Screen is blank or off',
  'Wrong or old content',
  'Picture or sound problem',
  'Screen damaged',
  'Something else',
] as const;

export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** Each choice as the venue reads it. */
export const PROBLEM_KIND_KEYS: Record<ProblemKind, MessageKey> = {
  'Screen is blank or off': 'home:report.kinds.blank',
  'Wrong or old content': 'home:report.kinds.content',
  'Picture or sound problem': 'home:report.kinds.picture',
  'Screen damaged': 'home:report.kinds.damaged',
  'Something else': 'home:report.kinds.other',
};

/** The database takes at most 500 characters: the choice, ': ' and the details together. */
export const REPORT_MAX_CHARS = 500;
export const DETAILS_MAX_CHARS = REPORT_MAX_CHARS - Math.max(...PROBLEM_KINDS.map((kind) => kind.length)) - 2;

export const reportProblemSchema = z
  .object({
    kind: z.enum(PROBLEM_KINDS, message('home:report.kindRequired')),
    details: z
      .string()
      .trim()
      .max(DETAILS_MAX_CHARS, message('home:report.tooLong', { max: DETAILS_MAX_CHARS })),
  })
  .transform(({ kind, details }) => ({ message: details ? `${kind}: ${details}` : kind }));

export type ReportProblemInput = z.input<typeof reportProblemSchema>;
export type ReportProblemValues = z.output<typeof reportProblemSchema>;

/** report_screen_problem()'s own refusals, by their code and words, in the venue's language. */
const REFUSALS: { code: string; test?: RegExp; key: MessageKey }[] = [
  { code: 'PT429', key: 'home:report.rateLimited' },
  { code: '42501', test: /not one of yours/i, key: 'home:report.notYours' },
  { code: '42501', test: /only a venue/i, key: 'home:report.notVenue' },
  { code: '22023', key: 'home:report.badLength' },
];

/** The failure of a report as the venue reads it: our own refusals translated, anything else as the server said it. */
export function reportFailure(error: unknown): Error {
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  const text = serverMessage(error);
  const refusal = REFUSALS.find((r) => r.code === code && (!r.test || r.test.test(text)));
  return new Error(refusal ? translate(refusal.key) : text || String(error), { cause: error });
}

export function useReportProblem() {
  return useMutation({
    mutationFn: async ({ deviceId, message }: ReportProblemValues & { deviceId: string | null }) => {
      const { data, error } = await supabase.rpc('report_screen_problem', {
        p_device_id: deviceId,
        p_message: message,
      });
      if (error) throw reportFailure(error);
      return data;
    },
  });
}
