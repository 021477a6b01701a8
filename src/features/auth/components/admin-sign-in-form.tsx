import { zodResolver } from '@hookform/resolvers/zod';
import type { Session } from '@supabase/supabase-js';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { signInInputSchema, useAdminSignIn } from '../api/sign-in';

export interface AdminSignInFormProps {
  /** Called with the new session once the account is known to be an admin's. */
  onSuccess: (session: Session) => void;
}

export function AdminSignInForm({ onSuccess }: AdminSignInFormProps) {
  const { t } = useTranslation('auth');
  const signIn = useAdminSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => signIn.mutate(values, { onSuccess }));

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      {signIn.error && <Alert tone="danger">{signIn.error.message || t('errors.loginFailed')}</Alert>}
      <Field label={t('fields.email')} error={errors.email?.message}>
        {({ invalid, ...control }) => (
          <Input
            {...control}
            {...register('email')}
            invalid={invalid}
            type="email"
            autoComplete="email"
            placeholder={t('admin.emailPlaceholder')}
          />
        )}
      </Field>
      <Field label={t('fields.password')} error={errors.password?.message}>
        {({ invalid, ...control }) => (
          <PasswordInput {...control} {...register('password')} invalid={invalid} autoComplete="current-password" />
        )}
      </Field>
      <Button type="submit" className="w-full" isLoading={signIn.isPending}>
        {signIn.isPending ? t('actions.signingIn') : t('actions.signIn')}
      </Button>
    </form>
  );
}
