import { useNavigate } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { AdminSignInForm } from '../components/admin-sign-in-form';

export function AdminSignInRoute() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-full items-center justify-center bg-gray-100 p-6">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <span className="sr-only">Signage Portal: </span>Admin sign-in
          </CardTitle>
          <CardDescription>Sign in with your administrator e-mail and password.</CardDescription>
        </CardHeader>
        <CardContent>
          <AdminSignInForm onSuccess={() => void navigate(paths.dashboard.root.getHref(), { replace: true })} />
        </CardContent>
      </Card>
    </main>
  );
}
