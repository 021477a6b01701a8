import { FileText, Image, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { isLocale } from '@/i18n';
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
  const { t } = useTranslation('customers');
  const { id = '' } = useParams();
  return (
    <CustomerBoundary id={id} title={t('view.title')}>
      {(customer) => <CustomerDetails customer={customer} />}
    </CustomerBoundary>
  );
}

function CustomerDetails({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation(['customers', 'common']);
  const canChange = useMayUse('venues');
  const seesMoney = useMayUse('money');
  const seesBank = useMayUse('bank');
  const toast = useToast();
  const fileUnavailable = () =>
    toast({ tone: 'danger', title: t('view.fileUnavailable'), description: t('view.tryAgain') });
  return (
    <DetailPage
      title={customer.name}
      description={
        <span className="inline-flex items-center gap-2">
          {t('view.title')} <CustomerStatusBadge status={customer.status} />
        </span>
      }
      back={{ to: paths.dashboard.customers.list.getHref(), label: t('view.back') }}
      actions={
        canChange && (
          <>
            <SetPasswordDialog username={customer.username} customerName={customer.name} email={customer.email} />
            <Button asChild>
              <Link to={paths.dashboard.customers.edit.getHref(customer.id)}>
                <Pencil aria-hidden className="size-4" />
                {t('view.edit')}
              </Link>
            </Button>
          </>
        )
      }
    >
      <DetailSection title={t('view.sections.information')} span="wide">
        <DetailList columns={2}>
          <DetailItem label={t('view.labels.name')}>{customer.name}</DetailItem>
          <DetailItem label={t('view.labels.username')}>{customer.username}</DetailItem>
          <DetailItem label={t('view.labels.email')}>{customer.email}</DetailItem>
          <DetailItem label={t('view.labels.contactPhone')}>{customer.contact_phone}</DetailItem>
          <DetailItem label={t('view.labels.location')}>{customer.location}</DetailItem>
          <DetailItem label={t('view.labels.displayType')}>{customer.display_type}</DetailItem>
          <DetailItem label={t('view.labels.aboutBusiness')} wide>
            {customer.about_business}
          </DetailItem>
        </DetailList>
      </DetailSection>

      <DetailSection title={t('view.sections.status')}>
        <DetailList>
          <DetailItem label={t('view.labels.accountStatus')}>
            <CustomerStatusBadge status={customer.status} />
          </DetailItem>
          {seesMoney && (
            <DetailItem label={t('view.labels.monthlyFee')}>
              {formatMoney(customer.monthly_fee, t('view.notSet'))}
            </DetailItem>
          )}
        </DetailList>
      </DetailSection>

      <DetailSection title={t('view.sections.dates')}>
        <DetailList>
          <DetailItem label={t('view.labels.signupDate')}>
            {formatDate(customer.signup_date, t('view.notSet'))}
          </DetailItem>
          <DetailItem label={t('view.labels.installationDate')}>
            {formatDate(customer.installation_date, t('view.notSet'))}
          </DetailItem>
          <DetailItem label={t('view.labels.customerSince')}>{formatDate(customer.created_at)}</DetailItem>
          <DetailItem label={t('view.labels.timeZone')}>{customer.time_zone.replaceAll('_', ' ')}</DetailItem>
          <DetailItem label={t('view.labels.locale')}>
            {isLocale(customer.locale) ? t(`common:language.names.${customer.locale}`) : customer.locale}
          </DetailItem>
        </DetailList>
      </DetailSection>

      <DetailSection title={t('view.sections.playingNow')} span="full">
        <NowPlaying customerId={customer.id} />
      </DetailSection>

      <DetailSection title={t('view.sections.fallback')} span="full">
        <VenueFallback customer={customer} />
      </DetailSection>

      <DetailSection title={t('view.sections.notes')}>
        <DetailList>
          <DetailItem label={t('view.labels.note')}>{customer.note}</DetailItem>
          <DetailItem label={t('view.labels.notes')}>{customer.notes}</DetailItem>
        </DetailList>
      </DetailSection>

      {seesBank && (
        <DetailSection title={t('view.sections.banking')}>
          <DetailList>
            <DetailItem label={t('view.labels.bankName')}>{customer.bank_name}</DetailItem>
            <DetailItem label={t('view.labels.accountNumber')}>{masked(customer.account_number)}</DetailItem>
            <DetailItem label={t('view.labels.routingNumber')}>{customer.routing_number}</DetailItem>
          </DetailList>
        </DetailSection>
      )}

      <DetailSection title={t('view.sections.files')} span="full">
        {customer.location_photo || customer.agreement_file ? (
          <div className="flex flex-wrap gap-2">
            {customer.location_photo && (
              <VenueFileLink
                appearance="button"
                icon={Image}
                path={customer.location_photo}
                onUnavailable={fileUnavailable}
              >
                {t('view.viewLocationPhoto')}
              </VenueFileLink>
            )}
            {customer.agreement_file && (
              <VenueFileLink
                appearance="button"
                icon={FileText}
                path={customer.agreement_file}
                onUnavailable={fileUnavailable}
              >
                {t('view.viewAgreement')}
              </VenueFileLink>
            )}
          </div>
        ) : (
          <p className="text-sm text-gray-500">{t('view.noFiles')}</p>
        )}
      </DetailSection>
      <RecordHistory table="customers" rowId={customer.id} className="lg:col-span-3" />
    </DetailPage>
  );
}

/** What the venue's walls play when nothing is on air: its own image, else the network's default. */
function VenueFallback({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation('customers');
  const save = useSaveVenueFallback(customer.id);
  const toast = useToast();
  const canEdit = useCan('venues');
  return (
    <FallbackImageField
      label={t('view.fallback.label')}
      hint={t('view.fallback.hint')}
      path={customer.fallback_image_path}
      noneText={t('view.fallback.none')}
      disabled={!canEdit}
      onSave={(path) =>
        save
          .mutateAsync(path)
          .then(() => toast({ tone: 'success', title: path ? t('view.fallback.saved') : t('view.fallback.removed') }))
      }
    />
  );
}
