import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth, userRoleQueryOptions, useSignOut } from '@/lib/auth';

function UserRole({ userId }: { userId: string }) {
  const role = useQuery(userRoleQueryOptions(userId));
  if (role.isPending) return <Spinner size="sm" label="Loading role" />;
  if (role.isError) {
    return (
      <Alert tone="danger" title="Your role could not be read">
        {role.error.message}{' '}
        <Button variant="outline" size="sm" onClick={() => void role.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <p className="flex items-center gap-2">
      Role: <Badge tone="brand">{role.data}</Badge>
    </p>
  );
}

export function DashboardRoute() {
  const auth = useAuth();
  const signOut = useSignOut();
  return (
    <div className="min-h-full">
      <header className="flex items-center justify-between border-b border-gray-200 bg-white px-6 py-3">
        <h1 className="text-lg font-semibold">Dashboard</h1>
        <Button
          variant="outline"
          size="sm"
          title="Log Out"
          isLoading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {!signOut.isPending && <LogOut aria-hidden className="size-4" />}
          Log Out
        </Button>
      </header>
      <main className="mx-auto max-w-3xl space-y-4 p-6">
        {signOut.error && <Alert tone="danger">{signOut.error.message || 'Sign out failed'}</Alert>}
        <Card>
          <CardHeader>
            <CardTitle>Overview</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {auth.user && (
              <>
                <p>Signed in as {auth.user.email}</p>
                <UserRole userId={auth.user.id} />
              </>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
