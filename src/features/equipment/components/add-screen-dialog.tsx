import { zodResolver } from '@hookform/resolvers/zod';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { DEVICE_NAME_MAX } from '@/entities/device/device-rules';
import {
  PairScreenError,
  pairScreenSchema,
  usePairScreen,
  type PairScreenInput,
  type PairScreenValues,
} from '../api/screen-mutations';
import { ScreenFields } from './screen-fields';

export interface AddScreenDialogProps {
  /** A code to start with (the QR code on the screen links here with it). */
  initialCode?: string;
}

/**
 * Add screen: the admin types the code a new screen shows on /screen, picks its venue, names
 * it and sets its orientation; the screen starts playing on its own within seconds. A code the
 * server refuses is marked at the Code field, and nothing typed is lost.
 */
export function AddScreenDialog({ initialCode = '' }: AddScreenDialogProps) {
  const { t } = useTranslation(['equipment', 'common']);
  const [open, setOpen] = useState(initialCode !== '');
  const pair = usePairScreen();
  const toast = useToast();
  const form = useForm<PairScreenInput, unknown, PairScreenValues>({
    resolver: zodResolver(pairScreenSchema),
    defaultValues: { code: initialCode, customer_id: '', device_name: '', orientation: 'landscape' },
  });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    if (pair.isPending) return;
    setOpen(next);
    if (!next) {
      form.reset({ code: '', customer_id: '', device_name: '', orientation: 'landscape' });
      pair.reset();
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    pair.mutate(values, {
      onSuccess: () => {
        toast({
          tone: 'success',
          title: t('add.paired', { name: values.device_name }),
          description: t('add.pairedDescription'),
        });
        onOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof PairScreenError && error.field) {
          form.setError(error.field, { message: error.message }, { shouldFocus: true });
        }
      },
    });
  });

  const formError = pair.error instanceof PairScreenError && pair.error.field ? null : pair.error;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button onClick={() => onOpenChange(true)}>
        <MonitorSmartphone aria-hidden className="size-4" />
        {t('add.button')}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('add.title')}</DialogTitle>
          <DialogDescription>{t('add.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label={t('add.code')} error={errors.code?.message} hint={t('add.codeHint')}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono tracking-widest uppercase"
                {...form.register('code')}
              />
            )}
          </Field>
          <Field label={t('fields.screenName')} error={errors.device_name?.message}>
            {(c) => (
              <Input
                {...c}
                placeholder={t('add.namePlaceholder')}
                maxLength={DEVICE_NAME_MAX}
                {...form.register('device_name')}
              />
            )}
          </Field>
          <ScreenFields register={form.register} errors={errors} enabled={open} noVenue={t('add.selectVenue')} />
          {formError && <Alert tone="danger">{formError.message}</Alert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pair.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" isLoading={pair.isPending}>
              {t('add.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
