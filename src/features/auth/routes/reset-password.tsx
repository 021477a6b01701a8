import { Link, useLocation } from 'react-router-dom';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { readResetTokens, useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordForm } from '../components/new-password-form';
import { useRedirectAfter } from './redirect-after';

export const REDIRECT_AFTER_PASSWORD_MS = 2000;

export function ResetPasswordRoute() {
  const location = useLocation();
  // Read once: supabase-js may clear the URL fragment after reading a recovery link itself.
  const [tokens] = useState(() => readResetTokens(location.search, location.hash));
  const reset = useResetPassword();
  const hasTokens = Boolean(tokens.accessToken && tokens.refreshToken);
  // Back to the sign-in the account uses: an admin's at /admin, a venue's at /auth.
  const signIn = reset.data === 'admin' ? paths.admin.signIn.getHref() : paths.auth.signIn.getHref();
  useRedirectAfter(reset.isSuccess ? signIn : null, REDIRECT_AFTER_PASSWORD_MS);

  return (
    <AuthLayout title="Set New Password" description="Choose a new password for your account.">
      {!hasTokens && (
        <Alert tone="danger">
          Invalid reset link. Please request a new password reset.{' '}
          <Link to={paths.auth.forgotPassword.getHref()} className="font-medium underline">
            Request a new link
          </Link>
        </Alert>
      )}
      {reset.isSuccess && <Alert tone="success">Password updated successfully! Redirecting to login...</Alert>}
      {reset.error && (
        <Alert tone="danger">{reset.error.message || 'Failed to reset password. Please try again.'}</Alert>
      )}
      <NewPasswordForm
        submitLabel="Update Password"
        isPending={reset.isPending}
        disabled={!hasTokens || reset.isSuccess}
        onSubmit={({ password }) => reset.mutate({ ...tokens, password })}
      />
    </AuthLayout>
  );
}
