import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileText, Image, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { NowPlaying } from '@/entities/playlist/now-playing';
import { VenueFileLink } from '@/entities/venue/venue-file-link';
import { customerDetailOptions } from '../api/customers';
import { CustomerNotFound } from '../components/customer-not-found';
import { CustomerPageSkeleton } from '../components/customer-page-skeleton';
import { CustomerStatusBadge } from '../components/customer-status-badge';
import { SetPasswordDialog } from '../components/set-password-dialog';

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-line text-gray-900">{children}</dd>
    </div>
  );
}

const notSet = <span className="text-gray-400">Not set</span>;
const orNotSet = (value: string | null | undefined) => (value ? value : notSet);

/** Shows only the last four digits of an account number. */
function masked(value: string | null): ReactNode {
  if (!value) return notSet;
  return value.length > 4 ? `•••• ${value.slice(-4)}` : value;
}

export function CustomerViewRoute() {
  const { id = '' } = useParams();
  const query = useQuery(customerDetailOptions(id));
  const toast = useToast();
  const fileUnavailable = () =>
    toast({ tone: 'danger', title: 'Could not open the file', description: 'Please try again.' });

  if (query.isPending) return <CustomerPageSkeleton />;
  if (query.isError) {
    return (
      <ContentLayout title="Customer Details">
        <ErrorState
          title="Could not load the customer"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isRefetching}
        />
      </ContentLayout>
    );
  }
  const customer = query.data;
  if (!customer) return <CustomerNotFound />;

  return (
    <ContentLayout title={customer.name} description="Customer Details">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost">
          <Link to={paths.dashboard.customers.list.getHref()}>
            <ArrowLeft aria-hidden className="size-4" />
            Back to Customers
          </Link>
        </Button>
        <div className="ml-auto flex flex-wrap gap-2">
          <SetPasswordDialog username={customer.username} customerName={customer.name} />
          <Button asChild>
            <Link to={paths.dashboard.customers.edit.getHref(customer.id)}>
              <Pencil aria-hidden className="size-4" />
              Edit
            </Link>
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Section title="Customer Information" className="lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label="Name">{customer.name}</Item>
            <Item label="Username">{customer.username}</Item>
            <Item label="Email">{customer.email}</Item>
            <Item label="Contact phone">{orNotSet(customer.contact_phone)}</Item>
            <Item label="Location">{orNotSet(customer.location)}</Item>
            <Item label="Display type">{orNotSet(customer.display_type)}</Item>
            <div className="sm:col-span-2">
              <Item label="About the business">{orNotSet(customer.about_business)}</Item>
            </div>
          </dl>
        </Section>

        <Section title="Status">
          <dl className="space-y-4">
            <Item label="Account status">
              <CustomerStatusBadge status={customer.status} />
            </Item>
            <Item label="Monthly fee">{formatMoney(customer.monthly_fee, 'Not set')}</Item>
          </dl>
        </Section>

        <Section title="Dates">
          <dl className="space-y-4">
            <Item label="Signup date">{formatDate(customer.signup_date, 'Not set')}</Item>
            <Item label="Installation date">{formatDate(customer.installation_date, 'Not set')}</Item>
            <Item label="Customer since">{formatDate(customer.created_at)}</Item>
            <Item label="Time zone">{customer.time_zone.replaceAll('_', ' ')}</Item>
          </dl>
        </Section>

        <Section title="Playing Now" className="lg:col-span-3">
          <NowPlaying customerId={customer.id} />
        </Section>

        <Section title="Notes">
          <dl className="space-y-4">
            <Item label="Equipment description">{orNotSet(customer.note)}</Item>
            <Item label="Notes">{orNotSet(customer.notes)}</Item>
          </dl>
        </Section>

        <Section title="Banking">
          <dl className="space-y-4">
            <Item label="Bank name">{orNotSet(customer.bank_name)}</Item>
            <Item label="Account number">{masked(customer.account_number)}</Item>
            <Item label="Routing number">{orNotSet(customer.routing_number)}</Item>
          </dl>
        </Section>

        <Section title="Files" className="lg:col-span-3">
          {customer.location_photo || customer.agreement_file ? (
            <div className="flex flex-wrap gap-2">
              {customer.location_photo && (
                <VenueFileLink
                  appearance="button"
                  icon={Image}
                  path={customer.location_photo}
                  onUnavailable={fileUnavailable}
                >
                  View Location Photo
                </VenueFileLink>
              )}
              {customer.agreement_file && (
                <VenueFileLink
                  appearance="button"
                  icon={FileText}
                  path={customer.agreement_file}
                  onUnavailable={fileUnavailable}
                >
                  View Agreement
                </VenueFileLink>
              )}
            </div>
          ) : (
            <p className="text-sm text-gray-500">No files uploaded</p>
          )}
        </Section>
      </div>
    </ContentLayout>
  );
}
