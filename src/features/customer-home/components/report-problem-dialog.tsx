import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { translate } from '@/i18n';
import {
  DETAILS_MAX_CHARS,
  PROBLEM_KIND_KEYS,
  PROBLEM_KINDS,
  reportProblemSchema,
  useReportProblem,
  type ReportProblemInput,
  type ReportProblemValues,
} from '../api/report-problem';

/** Nothing chosen (the select shows its placeholder), nothing written. */
const EMPTY: Partial<ReportProblemInput> = { details: '' };

export interface ReportProblemDialogProps {
  /** The screen the report is about; null for the venue's screens in general. */
  screen: { id: string; device_name: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Tells the operator what is wrong: a short choice and, if the venue wants, a few words. The
 * operator sees it among the alerts. A failed send keeps what was written.
 */
export function ReportProblemDialog({ screen, open, onOpenChange }: ReportProblemDialogProps) {
  const { t } = useTranslation('home');
  const report = useReportProblem();
  const toast = useToast();
  const form = useForm<ReportProblemInput, unknown, ReportProblemValues>({
    resolver: zodResolver(reportProblemSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      report.reset();
    }
    // Only when the dialog opens: what was written stays while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onSubmit = form.handleSubmit((values) => {
    report.mutate(
      { ...values, deviceId: screen?.id ?? null },
      {
        onSuccess: () => {
          toast({
            tone: 'success',
            title: t('report.sent'),
            description: t('report.sentDescription'),
          });
          onOpenChange(false);
        },
      },
    );
  });

  const about = screen ? screen.device_name : t('report.yourScreens');
  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('report.title')}</DialogTitle>
          <DialogDescription>{t('report.description', { about })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label={t('report.kind')} error={errors.kind?.message}>
            {(c) => (
              <Select
                {...c}
                placeholder={t('report.choose')}
                options={PROBLEM_KINDS.map((kind) => ({ value: kind, label: translate(PROBLEM_KIND_KEYS[kind]) }))}
                {...form.register('kind')}
              />
            )}
          </Field>
          <Field
            label={t('report.details')}
            hint={t('report.detailsHint', { max: DETAILS_MAX_CHARS })}
            error={errors.details?.message}
          >
            {(c) => <Textarea {...c} rows={4} maxLength={DETAILS_MAX_CHARS} {...form.register('details')} />}
          </Field>
          {report.isError && (
            <Alert tone="danger" title={t('report.notSent')}>
              {report.error.message}
            </Alert>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={report.isPending}>
              {t('report.cancel')}
            </Button>
            <Button type="submit" isLoading={report.isPending}>
              {t('report.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
