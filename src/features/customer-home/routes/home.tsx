import { useQuery } from '@tanstack/react-query';
import { CircleAlert, FileText, Image, LogOut, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FailedRead, QueryBoundary } from '@/components/errors/query-boundary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth, useSignOut } from '@/lib/auth';
import { formatDate, formatLabel, formatMoney } from '@/lib/format';
import { myCustomerQueryOptions, type MyCustomer } from '../api/get-my-customer';
import { RecentPlays } from '../components/recent-plays';
import { VenueScreens } from '../components/venue-screens';
import { NowPlaying } from '@/entities/playlist/now-playing';
import { VenueFileLink } from '@/entities/venue/venue-file-link';

function statusTone(status: string) {
  if (status === 'active') return 'success';
  if (status === 'maintenance') return 'warning';
  return 'neutral';
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="w-40 shrink-0 text-sm text-gray-500">{label}</dt>
      <dd className="text-sm text-gray-900">{children}</dd>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Button variant="outline" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
      {!signOut.isPending && <LogOut aria-hidden className="size-4" />}
      Sign Out
    </Button>
  );
}

function CustomerHome({ customer }: { customer: MyCustomer }) {
  const hasFiles = Boolean(customer.location_photo || customer.agreement_file);
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold text-gray-900">Welcome, {customer.name}</h1>
          <p className="flex items-center gap-2 text-sm text-gray-500">
            Account Status
            <Badge tone={statusTone(customer.status)}>{formatLabel(customer.status)}</Badge>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={paths.customer.slides.getHref()}>
              <Play aria-hidden className="size-4" />
              View Slides
            </Link>
          </Button>
          <SignOutButton />
        </div>
      </header>

      <Panel title="Your screens">
        <VenueScreens />
      </Panel>

      <div className="grid gap-6 md:grid-cols-2">
        <Panel title="Your Information">
          <dl className="space-y-3">
            <Row label="Name">{customer.name}</Row>
            <Row label="Email">{customer.email}</Row>
            <Row label="Location">{customer.location || '—'}</Row>
            {customer.contact_phone && <Row label="Contact Phone">{customer.contact_phone}</Row>}
          </dl>
        </Panel>

        <Panel title="Account Details">
          <dl className="space-y-3">
            <Row label="Monthly Fee">{formatMoney(customer.monthly_fee, 'Not set')}</Row>
            <Row label="Signup Date">{formatDate(customer.signup_date)}</Row>
            {customer.installation_date && (
              <Row label="Installation Date">{formatDate(customer.installation_date)}</Row>
            )}
          </dl>
        </Panel>

        <Panel title="Equipment Details">
          <p className="text-sm whitespace-pre-line text-gray-900">{customer.note || '—'}</p>
        </Panel>

        <Panel title="Files & Documents">
          {hasFiles ? (
            <ul className="space-y-2">
              {customer.location_photo && (
                <li>
                  <VenueFileLink path={customer.location_photo} icon={Image}>
                    Location Photo
                  </VenueFileLink>
                </li>
              )}
              {customer.agreement_file && (
                <li>
                  <VenueFileLink path={customer.agreement_file} icon={FileText}>
                    Agreement Document
                  </VenueFileLink>
                </li>
              )}
            </ul>
          ) : (
            <p className="text-sm text-gray-500">No files uploaded</p>
          )}
        </Panel>

        <Panel title="Playing Now">
          <NowPlaying customerId={null} />
        </Panel>

        <Panel title="Your screens, last 7 days">
          <RecentPlays timeZone={customer.time_zone} />
        </Panel>

        {customer.notes && (
          <Panel title="Notes">
            <p className="text-sm whitespace-pre-line text-gray-900">{customer.notes}</p>
          </Panel>
        )}
      </div>
    </div>
  );
}

function HomeSkeleton() {
  return (
    <LoadingRegion label="Loading your account..." className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-6 md:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-40" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** The customer's account page (/home). */
export function CustomerHomeRoute() {
  const auth = useAuth();
  const customer = useQuery({ ...myCustomerQueryOptions(auth.user?.id ?? ''), enabled: Boolean(auth.user) });

  return (
    <QueryBoundary
      query={customer}
      loading={<HomeSkeleton />}
      error={(failure) => (
        <main className="mx-auto max-w-3xl p-6">
          <FailedRead title="Your account could not be loaded" failure={failure} />
        </main>
      )}
      notFound={
        <main className="flex min-h-full items-center justify-center p-6">
          <Card className="w-full max-w-md text-center">
            <CardContent className="flex flex-col items-center gap-3 py-10">
              <CircleAlert aria-hidden className="size-10 text-warning-600" />
              <h1 className="text-xl font-semibold text-gray-900">Customer Data Not Found</h1>
              <p className="text-sm text-gray-500">
                We couldn't find your customer information. Please contact support.
              </p>
              <SignOutButton />
            </CardContent>
          </Card>
        </main>
      }
    >
      {(data) => (
        <main className="min-h-full">
          <CustomerHome customer={data} />
        </main>
      )}
    </QueryBoundary>
  );
}
