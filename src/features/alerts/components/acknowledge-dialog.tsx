import { useState, type FormEvent } from 'react';
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
import { Textarea } from '@/components/ui/textarea';
import { acknowledgeSchema, useAcknowledgeAlerts } from '../api/alerts';

export interface AcknowledgeDialogProps {
  /** The alerts to acknowledge; the dialog is open while there are any. */
  ids: string[];
  onOpenChange: (open: boolean) => void;
  /** After the call: how many alerts it changed. */
  onDone: (changed: number) => void;
}

/** Acknowledges one or many alerts with an optional note, in one call. */
export function AcknowledgeDialog({ ids, onOpenChange, onDone }: AcknowledgeDialogProps) {
  const { t } = useTranslation(['alerts', 'common']);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const acknowledge = useAcknowledgeAlerts();
  const close = (open: boolean) => {
    if (acknowledge.isPending) return;
    if (!open) {
      setNote('');
      setNoteError(undefined);
      acknowledge.reset();
    }
    onOpenChange(open);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = acknowledgeSchema.safeParse({ note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    acknowledge.mutate(
      { ids, note: parsed.data.note },
      {
        onSuccess: (changed) => {
          close(false);
          onDone(changed);
        },
      },
    );
  };
  return (
    <Dialog open={ids.length > 0} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>{t('acknowledge.title', { count: ids.length })}</DialogTitle>
            <DialogDescription>{t('acknowledge.description', { count: ids.length })}</DialogDescription>
          </DialogHeader>
          <Field label={t('acknowledge.note.label')} error={noteError} hint={t('acknowledge.note.hint')}>
            {(control) => (
              <Textarea
                id={control.id}
                aria-describedby={control['aria-describedby']}
                invalid={control.invalid}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </Field>
          {acknowledge.isError && <Alert tone="danger">{acknowledge.error.message}</Alert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={acknowledge.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" isLoading={acknowledge.isPending}>
              {t('acknowledge.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
