import { useQuery } from '@tanstack/react-query';
import { CircleAlert, FileText, Image, LogOut, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FailedRead, QueryBoundary } from '@/components/errors/query-boundary';
import { LanguageSelect } from '@/components/language/language-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth, useSignOut } from '@/lib/auth';
import { isLocale } from '@/i18n';
import { formatDate, formatLabel, formatMoney } from '@/lib/format';
import { myCustomerQueryOptions, type MyCustomer } from '../api/get-my-customer';
import { RecentPlays } from '../components/recent-plays';
import { PlayingNowByScreen } from '../components/playing-now-by-screen';
import { VenueScreens } from '../components/venue-screens';
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

const STATUSES = ['active', 'inactive', 'maintenance'] as const;

/** The venue's account status as people read it, in the current language. */
function useStatusLabel() {
  const { t } = useTranslation('customers');
  return (status: string) =>
    (STATUSES as readonly string[]).includes(status)
      ? t(`status.${status as (typeof STATUSES)[number]}`)
      : formatLabel(status);
}

function SignOutButton() {
  const { t } = useTranslation('home');
  const signOut = useSignOut();
  return (
    <Button variant="outline" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
      {!signOut.isPending && <LogOut aria-hidden className="size-4" />}
      {t('signOut')}
    </Button>
  );
}

function CustomerHome({ customer }: { customer: MyCustomer }) {
  const { t } = useTranslation(['home', 'common']);
  const statusLabel = useStatusLabel();
  const toast = useToast();
  const fileUnavailable = () =>
    toast({ tone: 'danger', title: t('files.unavailable'), description: t('files.tryAgain') });
  const hasFiles = Boolean(customer.location_photo || customer.agreement_file);
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold text-gray-900">{t('welcome', { name: customer.name })}</h1>
          <p className="flex items-center gap-2 text-sm text-gray-500">
            {t('accountStatus')}
            <Badge tone={statusTone(customer.status)}>{statusLabel(customer.status)}</Badge>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild>
            <Link to={paths.customer.slides.getHref()}>
              <Play aria-hidden className="size-4" />
              {t('viewSlides')}
            </Link>
          </Button>
          <LanguageSelect />
          <SignOutButton />
        </div>
      </header>

      <Panel title={t('panels.screens')}>
        <VenueScreens />
      </Panel>

      <div className="grid gap-6 md:grid-cols-2">
        <Panel title={t('panels.information')}>
          <dl className="space-y-3">
            <Row label={t('labels.name')}>{customer.name}</Row>
            <Row label={t('labels.email')}>{customer.email}</Row>
            <Row label={t('labels.location')}>{customer.location || t('common:states.none')}</Row>
            {customer.contact_phone && <Row label={t('labels.contactPhone')}>{customer.contact_phone}</Row>}
            <Row label={t('labels.screenLanguage')}>
              {isLocale(customer.locale) ? t(`common:language.names.${customer.locale}`) : customer.locale}
            </Row>
          </dl>
        </Panel>

        <Panel title={t('panels.account')}>
          <dl className="space-y-3">
            <Row label={t('labels.monthlyFee')}>{formatMoney(customer.monthly_fee, t('notSet'))}</Row>
            <Row label={t('labels.signupDate')}>{formatDate(customer.signup_date)}</Row>
            {customer.installation_date && (
              <Row label={t('labels.installationDate')}>{formatDate(customer.installation_date)}</Row>
            )}
          </dl>
        </Panel>

        <Panel title={t('panels.equipment')}>
          <p className="text-sm whitespace-pre-line text-gray-900">{customer.note || t('common:states.none')}</p>
        </Panel>

        <Panel title={t('panels.files')}>
          {hasFiles ? (
            <ul className="space-y-2">
              {customer.location_photo && (
                <li>
                  <VenueFileLink path={customer.location_photo} icon={Image} onUnavailable={fileUnavailable}>
                    {t('files.locationPhoto')}
                  </VenueFileLink>
                </li>
              )}
              {customer.agreement_file && (
                <li>
                  <VenueFileLink path={customer.agreement_file} icon={FileText} onUnavailable={fileUnavailable}>
                    {t('files.agreement')}
                  </VenueFileLink>
                </li>
              )}
            </ul>
          ) : (
            <p className="text-sm text-gray-500">{t('files.none')}</p>
          )}
        </Panel>

        <Panel title={t('panels.playingNow')}>
          <PlayingNowByScreen />
        </Panel>

        <Panel title={t('panels.recentPlays')}>
          <RecentPlays timeZone={customer.time_zone} />
        </Panel>

        {customer.notes && (
          <Panel title={t('panels.notes')}>
            <p className="text-sm whitespace-pre-line text-gray-900">{customer.notes}</p>
          </Panel>
        )}
      </div>
    </div>
  );
}

function HomeSkeleton() {
  const { t } = useTranslation('home');
  return (
    <LoadingRegion label={t('loading')} className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
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
  const { t } = useTranslation('home');
  const auth = useAuth();
  const customer = useQuery({ ...myCustomerQueryOptions(auth.user?.id ?? ''), enabled: Boolean(auth.user) });

  return (
    <QueryBoundary
      query={customer}
      loading={<HomeSkeleton />}
      error={(failure) => (
        <main className="mx-auto max-w-3xl p-6">
          <FailedRead title={t('loadFailed')} failure={failure} />
        </main>
      )}
      notFound={
        <main className="flex min-h-full items-center justify-center p-6">
          <Card className="w-full max-w-md text-center">
            <CardContent className="flex flex-col items-center gap-3 py-10">
              <CircleAlert aria-hidden className="size-10 text-warning-600" />
              <h1 className="text-xl font-semibold text-gray-900">{t('notFound.title')}</h1>
              <p className="text-sm text-gray-500">{t('notFound.description')}</p>
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
