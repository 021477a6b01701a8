import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { message } from '@/i18n';
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
import { PasswordInput } from '@/components/ui/password-input';
import { useSetCustomerPassword } from '../api/customer-mutations';

export const setPasswordSchema = z
  .object({
    newPassword: z.string().min(6, message('customers:password.tooShort')),
    confirmPassword: z.string().min(1, message('customers:password.confirmRequired')),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    ...message('customers:password.mismatch'),
    path: ['confirmPassword'],
  });

type SetPasswordValues = z.infer<typeof setPasswordSchema>;

export interface SetPasswordDialogProps {
  /** Names the login to the set-users-password function (the customer's username). */
  username: string;
  customerName: string;
  /** The address the venue signs in with. */
  email: string;
}

/** Sets the login password of a customer (through the set-users-password function). */
export function SetPasswordDialog({ username, customerName, email }: SetPasswordDialogProps) {
  const { t } = useTranslation('customers');
  const [open, setOpen] = useState(false);
  const mutation = useSetCustomerPassword();
  const form = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    if (mutation.isPending) return;
    setOpen(next);
    if (!next) {
      form.reset();
      mutation.reset();
    }
  };

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    mutation.mutate({ username, newPassword }, { onSuccess: () => form.reset() });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button variant="outline" onClick={() => onOpenChange(true)}>
        <KeyRound aria-hidden className="size-4" />
        {t('password.open')}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('password.title')}</DialogTitle>
          <DialogDescription>{t('password.description', { name: customerName, email })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label={t('password.new')} error={errors.newPassword?.message}>
            {(c) => <PasswordInput {...c} autoComplete="new-password" {...form.register('newPassword')} />}
          </Field>
          <Field label={t('password.confirm')} error={errors.confirmPassword?.message}>
            {(c) => <PasswordInput {...c} autoComplete="new-password" {...form.register('confirmPassword')} />}
          </Field>
          {mutation.isSuccess && <Alert tone="success">{t('password.updated')}</Alert>}
          {mutation.isError && <Alert tone="danger">{mutation.error.message}</Alert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              {mutation.isSuccess ? t('password.done') : t('password.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? t('password.saving') : t('password.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
