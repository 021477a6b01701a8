import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { CodeInput } from '@/components/ui/code-input';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { secondFactorCodeSchema } from '@/lib/second-factor';
import {
  useCancelEnrolment,
  useConfirmEnrolment,
  useStartEnrolment,
  useTurnOffTwoFactor,
  verifiedFactorsQueryOptions,
  type Enrolment,
} from '../api/two-factor';

/**
 * Settings → Two-factor sign-in: the signed-in admin turns on a second step at sign-in,
 * a code from an authenticator app (scan the QR code, confirm with the first code), sees
 * that it is on, and can turn it off again.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation('settings');
  const factors = useQuery(verifiedFactorsQueryOptions());
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const start = useStartEnrolment();
  const factor = factors.data?.[0];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t('twoFactor.title')}
          {factor && !enrolment && <Badge tone="success">{t('twoFactor.on')}</Badge>}
        </CardTitle>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={factors}
          loading={
            <LoadingRegion label={t('twoFactor.loading')}>
              <Skeleton className="h-5 w-64" />
              <Skeleton className="mt-3 h-9 w-48" />
            </LoadingRegion>
          }
          error={t('twoFactor.errors.load')}
        >
          {([verified]) => {
            if (enrolment) return <EnrolmentStep enrolment={enrolment} onDone={() => setEnrolment(null)} />;
            if (verified) return <EnabledState factorId={verified.id} since={verified.created_at} />;
            return (
              <div className="space-y-3">
                <p className="text-sm text-gray-600">{t('twoFactor.off')}</p>
                {start.error && <Alert tone="danger">{start.error.message}</Alert>}
                <Button
                  isLoading={start.isPending}
                  onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
                >
                  {t('twoFactor.turnOn')}
                </Button>
              </div>
            );
          }}
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}

function EnrolmentStep({ enrolment, onDone }: { enrolment: Enrolment; onDone: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const confirm = useConfirmEnrolment();
  const cancel = useCancelEnrolment();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(secondFactorCodeSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) =>
    confirm.mutate({ factorId: enrolment.factorId, code }, { onSuccess: onDone }),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-6 md:grid-cols-[auto_1fr]">
      <img
        src={enrolment.qrCode}
        alt={t('twoFactor.enrol.qrAlt')}
        className="size-48 rounded-md border border-gray-200 bg-white p-2"
      />
      <div className="space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-600">
          <li>{t('twoFactor.enrol.stepScan')}</li>
          <li>{t('twoFactor.enrol.stepCode')}</li>
        </ol>
        <p className="text-sm text-gray-600">
          <Trans
            t={t}
            i18nKey="twoFactor.enrol.cannotScan"
            values={{ secret: enrolment.secret }}
            components={{
              key: <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-gray-900 break-all" />,
            }}
          />
        </p>
        {confirm.error && <Alert tone="danger">{confirm.error.message}</Alert>}
        <Field label={t('twoFactor.enrol.code')} error={errors.code?.message}>
          {({ invalid, ...control }) => (
            <CodeInput {...control} {...register('code')} invalid={invalid} className="max-w-40" />
          )}
        </Field>
        <div className="flex gap-2">
          <Button type="submit" isLoading={confirm.isPending}>
            {t('twoFactor.enrol.verify')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={confirm.isPending}
            isLoading={cancel.isPending}
            onClick={() => cancel.mutate(enrolment.factorId, { onSettled: onDone })}
          >
            {t('common:actions.cancel')}
          </Button>
        </div>
      </div>
    </form>
  );
}

function EnabledState({ factorId, since }: { factorId: string; since: string }) {
  const { t } = useTranslation('settings');
  const [asking, setAsking] = useState(false);
  const turnOff = useTurnOffTwoFactor();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="flex items-center gap-2 text-sm text-gray-700">
        <ShieldCheck aria-hidden className="size-5 text-success-700" />
        {t('twoFactor.enabled', { date: formatDate(since) })}
      </p>
      <Button variant="outline" onClick={() => setAsking(true)}>
        {t('twoFactor.turnOff.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) turnOff.reset();
        }}
        title={t('twoFactor.turnOff.title')}
        description={t('twoFactor.turnOff.description')}
        confirmLabel={t('twoFactor.turnOff.button')}
        isPending={turnOff.isPending}
        onConfirm={() => turnOff.mutate(factorId, { onSuccess: () => setAsking(false) })}
      >
        {turnOff.error && <Alert tone="danger">{turnOff.error.message}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
