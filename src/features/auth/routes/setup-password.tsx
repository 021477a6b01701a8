import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useSetupPassword } from '../api/setup-password';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordForm } from '../components/new-password-form';
import { useRedirectAfter } from './redirect-after';
import { REDIRECT_AFTER_PASSWORD_MS } from './reset-password';

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
      {setup.error && <Alert tone="danger">{setup.error.message || 'Failed to set password'}</Alert>}
      <NewPasswordForm
        submitLabel="Set Password"
        isPending={setup.isPending}
        disabled={setup.isSuccess}
        onSubmit={({ password }) => setup.mutate({ email, password })}
      />
    </AuthLayout>
  );
}
