import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AdminSignInForm } from '../components/admin-sign-in-form';
import { AuthLayout } from '../components/auth-layout';

export function AdminSignInRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title={
        <>
          <span className="sr-only">Signage Portal: </span>Admin sign-in
        </>
      }
      description="Sign in with your administrator e-mail and password."
      footer={
        <div className="space-y-1">
          <p>
            <Link to={paths.auth.forgotPassword.getHref()} className="font-medium text-brand-700 underline">
              Forgot password?
            </Link>
          </p>
          <p>
            Hosting a screen?{' '}
            <Link to={paths.auth.signIn.getHref()} className="font-medium text-brand-700 underline">
              Customer sign-in
            </Link>
          </p>
        </div>
      }
    >
      <AdminSignInForm onSuccess={() => void navigate(paths.dashboard.root.getHref(), { replace: true })} />
    </AuthLayout>
  );
}
