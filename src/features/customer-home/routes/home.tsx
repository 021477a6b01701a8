import { LogOut, Play } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth, useSignOut } from '@/lib/auth';

/** The customer's account page (/home). */
export function CustomerHomeRoute() {
  const auth = useAuth();
  const signOut = useSignOut();
  return (
    <main className="min-h-full">
      <ContentLayout
        title="Your Account"
        description={auth.user?.email ? `Signed in as ${auth.user.email}` : undefined}
      >
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={paths.customer.slides.getHref()}>
              <Play aria-hidden className="size-4" />
              View Slides
            </Link>
          </Button>
          <Button variant="outline" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
            {!signOut.isPending && <LogOut aria-hidden className="size-4" />}
            Sign Out
          </Button>
        </div>
      </ContentLayout>
    </main>
  );
}
