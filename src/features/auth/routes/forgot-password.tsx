import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { forgotPasswordInputSchema, useRequestPasswordReset } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';

export const RESET_SENT_MESSAGE =
  'If an account uses this address, a link to set a new password is on its way. Check your e-mail.';

/** "Forgot password?": e-mails a link to the reset page (the same answer whether or not the address has an account). */
export function ForgotPasswordRoute() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { email: '' } });
  return (
    <AuthLayout
      title="Forgot password?"
      description="Enter the e-mail address you sign in with and we will send you a link to set a new password."
      footer={
        <Link to={paths.admin.signIn.getHref()} className="font-medium text-brand-700 underline">
          Back to admin sign-in
        </Link>
      }
    >
      <form onSubmit={(e) => void handleSubmit((values) => request.mutate(values))(e)} noValidate className="space-y-4">
        {request.isSuccess && <Alert tone="success">{RESET_SENT_MESSAGE}</Alert>}
        {request.error && <Alert tone="danger">{request.error.message}</Alert>}
        <Field label="Email" error={errors.email?.message}>
          {({ invalid, ...control }) => (
            <Input {...control} {...register('email')} invalid={invalid} type="email" autoComplete="email" />
          )}
        </Field>
        <Button type="submit" className="w-full" isLoading={request.isPending}>
          {!request.isPending && <Mail aria-hidden className="size-4" />}
          {request.isPending ? 'Sending…' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
