import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { isTeamRole } from '@/lib/permissions';
import { paths } from '@/config/paths';
import { readResetTokens, SecondFactorRequiredError, useResetPassword } from '../api/reset-password';
import { useVerifySecondFactor } from '../api/verify-second-factor';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordForm } from '../components/new-password-form';
import { SecondFactorForm } from '../components/second-factor-form';
import { useRedirectAfter } from './redirect-after';

export const REDIRECT_AFTER_PASSWORD_MS = 2000;

/**
 * A new password from a reset link. An account with two-factor sign-in is asked for its
 * authenticator app's code after choosing the password (Auth sets it only in an aal2
 * session); the chosen password is kept meanwhile and saved once the code is accepted.
 */
export function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  // Read once: supabase-js may clear the URL fragment after reading a recovery link itself.
  const [tokens] = useState(() => readResetTokens(location.search, location.hash));
  const [password, setPassword] = useState<string | null>(null);
  const [askingCode, setAskingCode] = useState(false);
  const reset = useResetPassword();
  const save = (value: string) =>
    reset.mutate(
      { ...tokens, password: value },
      { onError: (e) => setAskingCode((asking) => asking || e instanceof SecondFactorRequiredError) },
    );
  const verify = useVerifySecondFactor({ onSuccess: () => password !== null && save(password) });
  const hasTokens = Boolean(tokens.accessToken && tokens.refreshToken);
  // Back to the sign-in the account uses: an admin's at /admin, a venue's at /auth.
  const signIn = isTeamRole(reset.data) ? paths.admin.signIn.getHref() : paths.auth.signIn.getHref();
  useRedirectAfter(reset.isSuccess ? signIn : null, REDIRECT_AFTER_PASSWORD_MS);
  const failure = reset.error && !(reset.error instanceof SecondFactorRequiredError) ? reset.error : null;

  return (
    <AuthLayout title={t('reset.title')} description={t('reset.description')}>
      {!hasTokens && (
        <Alert tone="danger">
          <Trans
            t={t}
            i18nKey="reset.invalidLink"
            components={{ anchor: <Link to={paths.auth.forgotPassword.getHref()} className="font-medium underline" /> }}
          />
        </Alert>
      )}
      {reset.isSuccess && <Alert tone="success">{t('reset.done')}</Alert>}
      {failure && <Alert tone="danger">{failure.message || t('reset.failed')}</Alert>}
      {askingCode && !reset.isSuccess ? (
        <SecondFactorForm verify={verify} allowSignOut={false} isBusy={reset.isPending} />
      ) : (
        <NewPasswordForm
          submitLabel={t('reset.submit')}
          isPending={reset.isPending}
          disabled={!hasTokens || reset.isSuccess}
          onSubmit={({ password: chosen }) => {
            setPassword(chosen);
            save(chosen);
          }}
        />
      )}
    </AuthLayout>
  );
}
