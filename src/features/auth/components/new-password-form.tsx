import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { newPasswordInputSchema, type NewPasswordInput } from '../api/new-password';

export interface NewPasswordFormProps {
  onSubmit: (values: NewPasswordInput) => void;
  isPending: boolean;
  submitLabel: string;
  /** Disables the fields and the button: the link has no tokens, or the password is already set. */
  disabled?: boolean;
}

/** A new password and its confirmation, checked before anything is sent. */
export function NewPasswordForm({ onSubmit, isPending, submitLabel, disabled = false }: NewPasswordFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(newPasswordInputSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  return (
    <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
      {/* Disabled as a whole (fields and button) when the page cannot use a password. */}
      <fieldset disabled={disabled} className="space-y-4">
        <Field label={t('fields.newPassword')} error={errors.password?.message}>
          {({ invalid, ...control }) => (
            <PasswordInput {...control} {...register('password')} invalid={invalid} autoComplete="new-password" />
          )}
        </Field>
        <Field label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
          {({ invalid, ...control }) => (
            <PasswordInput
              {...control}
              {...register('confirmPassword')}
              invalid={invalid}
              autoComplete="new-password"
            />
          )}
        </Field>
        <Button type="submit" className="w-full" isLoading={isPending}>
          {isPending ? t('common:states.saving') : submitLabel}
        </Button>
      </fieldset>
    </form>
  );
}
