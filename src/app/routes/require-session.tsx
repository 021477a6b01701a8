import { Navigate, Outlet } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

export function FullPageSpinner() {
  return (
    <div className="flex min-h-full items-center justify-center text-brand-600">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}

/** Lets signed-in users through; sends everyone else to the admin sign-in, once the session is known. */
export function RequireSession() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageSpinner />;
  if (auth.status === 'signed-out') {
    return <Navigate to={paths.admin.signIn.getHref()} replace />;
  }
  return <Outlet />;
}

/** Where `/` and unknown paths lead: the dashboard when signed in, else the admin sign-in. */
export function HomeRedirect() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageSpinner />;
  return (
    <Navigate
      to={auth.status === 'signed-in' ? paths.dashboard.root.getHref() : paths.admin.signIn.getHref()}
      replace
    />
  );
}
