import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { CodeInput } from '@/components/ui/code-input';
import { useSignOut } from '@/lib/auth';
import { secondFactorCodeSchema } from '@/lib/second-factor';
import type { useVerifySecondFactor } from '../api/verify-second-factor';

export interface SecondFactorFormProps {
  /** The verification, owned by the route so its outcome outlives this form. */
  verify: ReturnType<typeof useVerifySecondFactor>;
  /** Offers "Sign in with another account" (sign-in pages; not where a link proved the account). */
  allowSignOut?: boolean;
  /** Shown on the button while more work follows a verified code (e.g. saving a new password). */
  isBusy?: boolean;
}

/** Asks an admin who enrolled two-factor sign-in for the 6-digit code of their authenticator app. */
export function SecondFactorForm({ verify, allowSignOut = true, isBusy = false }: SecondFactorFormProps) {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(secondFactorCodeSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit((values) => verify.mutate(values));

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <p className="text-sm text-gray-600">{t('secondFactor.intro')}</p>
      {verify.error && <Alert tone="danger">{verify.error.message}</Alert>}
      <Field label={t('fields.authCode')} error={errors.code?.message}>
        {({ invalid, ...control }) => <CodeInput {...control} {...register('code')} invalid={invalid} />}
      </Field>
      <Button type="submit" className="w-full" isLoading={verify.isPending || isBusy}>
        {verify.isPending || isBusy ? t('secondFactor.checking') : t('secondFactor.verify')}
      </Button>
      {allowSignOut && (
        <Button
          type="button"
          variant="ghost"
          className="w-full"
          isLoading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {t('secondFactor.otherAccount')}
        </Button>
      )}
    </form>
  );
}
