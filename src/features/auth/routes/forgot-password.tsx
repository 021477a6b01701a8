import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { en } from '@/i18n/resources';
import { forgotPasswordInputSchema, useRequestPasswordReset } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';

/** What the page says once the link is asked for, in English (the catalogue's words). */
export const RESET_SENT_MESSAGE = en.auth.forgot.sent;

/** "Forgot password?": e-mails a link to the reset page (the same answer whether or not the address has an account). */
export function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { email: '' } });
  return (
    <AuthLayout
      title={t('forgot.title')}
      description={t('forgot.description')}
      footer={
        <Link to={paths.admin.signIn.getHref()} className="font-medium text-brand-700 underline">
          {t('forgot.back')}
        </Link>
      }
    >
      <form onSubmit={(e) => void handleSubmit((values) => request.mutate(values))(e)} noValidate className="space-y-4">
        {request.isSuccess && <Alert tone="success">{t('forgot.sent')}</Alert>}
        {request.error && <Alert tone="danger">{request.error.message}</Alert>}
        <Field label={t('fields.email')} error={errors.email?.message}>
          {({ invalid, ...control }) => (
            <Input {...control} {...register('email')} invalid={invalid} type="email" autoComplete="email" />
          )}
        </Field>
        <Button type="submit" className="w-full" isLoading={request.isPending}>
          {!request.isPending && <Mail aria-hidden className="size-4" />}
          {request.isPending ? t('actions.sending') : t('forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
