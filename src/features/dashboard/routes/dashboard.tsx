import { useQuery } from '@tanstack/react-query';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth, userRoleQueryOptions } from '@/lib/auth';

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
  return (
    <ContentLayout title="Dashboard">
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
    </ContentLayout>
  );
}
