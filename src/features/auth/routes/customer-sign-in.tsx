import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthLayout } from '../components/auth-layout';
import { CustomerSignInForm } from '../components/customer-sign-in-form';

export function CustomerSignInRoute() {
  return (
    <AuthLayout
      title={
        <>
          <span className="sr-only">Signage Portal: </span>Customer sign-in
        </>
      }
      description="Enter your e-mail address and we will send you a link to sign in."
      footer={
        <div className="space-y-1">
          <p>
            Administrator?{' '}
            <Link to={paths.admin.signIn.getHref()} className="font-medium text-brand-700 underline">
              Admin sign-in
            </Link>
          </p>
          <p>
            Setting up a wall screen?{' '}
            <Link to={paths.screen.getHref()} className="font-medium text-brand-700 underline">
              Pair this screen instead
            </Link>
          </p>
        </div>
      }
    >
      <CustomerSignInForm />
    </AuthLayout>
  );
}
