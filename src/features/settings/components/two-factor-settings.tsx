import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
  const factors = useQuery(verifiedFactorsQueryOptions());
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const start = useStartEnrolment();
  const factor = factors.data?.[0];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Two-factor sign-in
          {factor && !enrolment && <Badge tone="success">On</Badge>}
        </CardTitle>
        <CardDescription>
          A code from your authenticator app each time you sign in, after your password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={factors}
          loading={
            <LoadingRegion label="Loading two-factor sign-in">
              <Skeleton className="h-5 w-64" />
              <Skeleton className="mt-3 h-9 w-48" />
            </LoadingRegion>
          }
          error="Two-factor sign-in could not be loaded"
        >
          {([verified]) => {
            if (enrolment) return <EnrolmentStep enrolment={enrolment} onDone={() => setEnrolment(null)} />;
            if (verified) return <EnabledState factorId={verified.id} since={verified.created_at} />;
            return (
              <div className="space-y-3">
                <p className="text-sm text-gray-600">
                  Two-factor sign-in is off. Turn it on to be asked, after your password, for a code from an
                  authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).
                </p>
                {start.error && <Alert tone="danger">{start.error.message}</Alert>}
                <Button
                  isLoading={start.isPending}
                  onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
                >
                  Turn on two-factor sign-in
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
        alt="QR code to scan with your authenticator app"
        className="size-48 rounded-md border border-gray-200 bg-white p-2"
      />
      <div className="space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-600">
          <li>Open your authenticator app and add an account by scanning the QR code.</li>
          <li>Enter the 6-digit code the app shows for Signage Portal.</li>
        </ol>
        <p className="text-sm text-gray-600">
          Cannot scan? Enter this key in the app:{' '}
          <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-gray-900 break-all">
            {enrolment.secret}
          </code>
        </p>
        {confirm.error && <Alert tone="danger">{confirm.error.message}</Alert>}
        <Field label="Code from the app" error={errors.code?.message}>
          {({ invalid, ...control }) => (
            <CodeInput {...control} {...register('code')} invalid={invalid} className="max-w-40" />
          )}
        </Field>
        <div className="flex gap-2">
          <Button type="submit" isLoading={confirm.isPending}>
            Verify and turn on
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={confirm.isPending}
            isLoading={cancel.isPending}
            onClick={() => cancel.mutate(enrolment.factorId, { onSettled: onDone })}
          >
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}

function EnabledState({ factorId, since }: { factorId: string; since: string }) {
  const [asking, setAsking] = useState(false);
  const turnOff = useTurnOffTwoFactor();
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="flex items-center gap-2 text-sm text-gray-700">
        <ShieldCheck aria-hidden className="size-5 text-success-700" />
        Two-factor sign-in is on: authenticator app added {formatDate(since)}.
      </p>
      <Button variant="outline" onClick={() => setAsking(true)}>
        Turn off
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) turnOff.reset();
        }}
        title="Turn off two-factor sign-in?"
        description="Signing in will ask only for your password. You can turn it on again at any time."
        confirmLabel="Turn off"
        isPending={turnOff.isPending}
        onConfirm={() => turnOff.mutate(factorId, { onSuccess: () => setAsking(false) })}
      >
        {turnOff.error && <Alert tone="danger">{turnOff.error.message}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
