import { FileText, Image, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DetailItem, DetailList, DetailPage, DetailSection } from '@/components/layouts/detail-page';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useMayUse } from '@/lib/may-use';
import { formatDate, formatMoney } from '@/lib/format';
import { NowPlaying } from '@/entities/playlist/now-playing';
import { FallbackImageField } from '@/entities/venue/fallback-image-field';
import { VenueFileLink } from '@/entities/venue/venue-file-link';
import { useCan } from '@/lib/auth';
import { RecordHistory } from '@/entities/audit/record-history';
import { useSaveVenueFallback } from '../api/venue-fallback';
import type { CustomerDetail } from '../api/customer-schema';
import { CustomerBoundary } from '../components/customer-boundary';
import { CustomerStatusBadge } from '../components/customer-status-badge';
import { SetPasswordDialog } from '../components/set-password-dialog';

/** Shows only the last four digits of an account number. */
function masked(value: string | null): ReactNode {
  if (!value) return null;
  return value.length > 4 ? `•••• ${value.slice(-4)}` : value;
}

export function CustomerViewRoute() {
  const { id = '' } = useParams();
  return (
    <CustomerBoundary id={id} title="Customer Details">
      {(customer) => <CustomerDetails customer={customer} />}
    </CustomerBoundary>
  );
}

function CustomerDetails({ customer }: { customer: CustomerDetail }) {
  const canChange = useMayUse('venues');
  const seesMoney = useMayUse('money');
  const seesBank = useMayUse('bank');
  const toast = useToast();
  const fileUnavailable = () =>
    toast({ tone: 'danger', title: 'Could not open the file', description: 'Please try again.' });
  return (
    <DetailPage
      title={customer.name}
      description={
        <span className="inline-flex items-center gap-2">
          Customer Details <CustomerStatusBadge status={customer.status} />
        </span>
      }
      back={{ to: paths.dashboard.customers.list.getHref(), label: 'Back to Customers' }}
      actions={
        canChange && (
          <>
            <SetPasswordDialog username={customer.username} customerName={customer.name} email={customer.email} />
            <Button asChild>
              <Link to={paths.dashboard.customers.edit.getHref(customer.id)}>
                <Pencil aria-hidden className="size-4" />
                Edit
              </Link>
            </Button>
          </>
        )
      }
    >
      <DetailSection title="Customer Information" span="wide">
        <DetailList columns={2}>
          <DetailItem label="Name">{customer.name}</DetailItem>
          <DetailItem label="Username">{customer.username}</DetailItem>
          <DetailItem label="Email">{customer.email}</DetailItem>
          <DetailItem label="Contact phone">{customer.contact_phone}</DetailItem>
          <DetailItem label="Location">{customer.location}</DetailItem>
          <DetailItem label="Display type">{customer.display_type}</DetailItem>
          <DetailItem label="About the business" wide>
            {customer.about_business}
          </DetailItem>
        </DetailList>
      </DetailSection>

      <DetailSection title="Status">
        <DetailList>
          <DetailItem label="Account status">
            <CustomerStatusBadge status={customer.status} />
          </DetailItem>
          {seesMoney && <DetailItem label="Monthly fee">{formatMoney(customer.monthly_fee, 'Not set')}</DetailItem>}
        </DetailList>
      </DetailSection>

      <DetailSection title="Dates">
        <DetailList>
          <DetailItem label="Signup date">{formatDate(customer.signup_date, 'Not set')}</DetailItem>
          <DetailItem label="Installation date">{formatDate(customer.installation_date, 'Not set')}</DetailItem>
          <DetailItem label="Customer since">{formatDate(customer.created_at)}</DetailItem>
          <DetailItem label="Time zone">{customer.time_zone.replaceAll('_', ' ')}</DetailItem>
        </DetailList>
      </DetailSection>

      <DetailSection title="Playing Now" span="full">
        <NowPlaying customerId={customer.id} />
      </DetailSection>

      <DetailSection title="Fallback image" span="full">
        <VenueFallback customer={customer} />
      </DetailSection>

      <DetailSection title="Notes">
        <DetailList>
          <DetailItem label="Equipment description">{customer.note}</DetailItem>
          <DetailItem label="Notes">{customer.notes}</DetailItem>
        </DetailList>
      </DetailSection>

      {seesBank && (
        <DetailSection title="Banking">
          <DetailList>
            <DetailItem label="Bank name">{customer.bank_name}</DetailItem>
            <DetailItem label="Account number">{masked(customer.account_number)}</DetailItem>
            <DetailItem label="Routing number">{customer.routing_number}</DetailItem>
          </DetailList>
        </DetailSection>
      )}

      <DetailSection title="Files" span="full">
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
      </DetailSection>
      <RecordHistory table="customers" rowId={customer.id} className="lg:col-span-3" />
    </DetailPage>
  );
}

/** What the venue's walls play when nothing is on air: its own image, else the network's default. */
function VenueFallback({ customer }: { customer: CustomerDetail }) {
  const save = useSaveVenueFallback(customer.id);
  const toast = useToast();
  const canEdit = useCan('venues');
  return (
    <FallbackImageField
      label="Venue fallback image"
      hint="Played on this venue's screens when nothing is on air (no campaign, or between dayparts)."
      path={customer.fallback_image_path}
      noneText="None: the network's fallback image (Settings) plays."
      disabled={!canEdit}
      onSave={(path) =>
        save
          .mutateAsync(path)
          .then(() => toast({ tone: 'success', title: path ? 'Fallback image saved' : 'Fallback image removed' }))
      }
    />
  );
}
