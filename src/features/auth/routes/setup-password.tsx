import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useSetupPassword } from '../api/setup-password';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordForm } from '../components/new-password-form';
import { useRedirectAfter } from './redirect-after';
import { REDIRECT_AFTER_PASSWORD_MS } from './reset-password';

/** What the setup-password function answers a caller without a session. */
const NOT_SIGNED_IN = 'Not signed in';

export function SetupPasswordRoute() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const setup = useSetupPassword();
  useRedirectAfter(setup.isSuccess ? paths.auth.signIn.getHref() : null, REDIRECT_AFTER_PASSWORD_MS);

  return (
    <AuthLayout
      title="Set Your Password"
      description={email ? `Choose a password for ${email}.` : 'Choose a password for your new account.'}
    >
      {setup.isSuccess && <Alert tone="success">Password set successfully! Redirecting to login...</Alert>}
      {setup.error && (
        <Alert tone="danger">
          {setup.error.message || 'Failed to set password'}
          {setup.error.message === NOT_SIGNED_IN && (
            <>
              {'\n'}This page sets the password of the account you are signed in with. Open the link from your e-mail
              again, or{' '}
              <Link to={paths.auth.signIn.getHref()} className="font-medium underline">
                sign in
              </Link>{' '}
              and come back.
            </>
          )}
        </Alert>
      )}
      <NewPasswordForm
        submitLabel="Set Password"
        isPending={setup.isPending}
        disabled={setup.isSuccess}
        onSubmit={({ password }) => setup.mutate({ email, password })}
      />
    </AuthLayout>
  );
}
