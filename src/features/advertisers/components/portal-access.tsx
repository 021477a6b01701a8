// "Advertiser portal" on an advertiser's page: invite its contact, or see its login and
// re-send the sign-in link. Both ask first and say what went wrong in words.
import { useQuery } from '@tanstack/react-query';
import { Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailSection } from '@/components/layouts/detail-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import type { Advertiser } from '../api/advertisers';
import { portalLoginQueryOptions, useInviteAdvertiser } from '../api/portal-invite';

function LoginEmail({ userId }: { userId: string }) {
  const { t } = useTranslation('advertisers');
  const login = useQuery(portalLoginQueryOptions(userId));
  if (login.isPending) return <Skeleton className="inline-block h-4 w-40 align-middle" />;
  return <span className="font-medium text-gray-900">{login.data ?? t('portal.goneLogin')}</span>;
}

export function PortalAccess({ advertiser }: { advertiser: Advertiser }) {
  const { t } = useTranslation('advertisers');
  const [confirming, setConfirming] = useState(false);
  const invite = useInviteAdvertiser();
  const toast = useToast();
  const invited = Boolean(advertiser.user_id);

  const send = () =>
    invite.mutate(advertiser.id, {
      onSuccess: ({ sentTo }) => {
        setConfirming(false);
        toast({
          tone: 'success',
          title: t(invited ? 'portal.sentAgain' : 'portal.sent'),
          description: t('portal.sentDescription', { email: sentTo }),
        });
      },
    });

  const open = (next: boolean) => {
    if (next) invite.reset();
    setConfirming(next);
  };

  return (
    <DetailSection title={t('portal.title')} span="full">
      {invited ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm text-gray-700">
          <Mail aria-hidden className="size-4 text-gray-500" />
          <span>
            {t('portal.loginLabel')} <LoginEmail userId={advertiser.user_id!} />
          </span>
          <span aria-hidden>·</span>
          <Button variant="outline" size="sm" onClick={() => open(true)}>
            {t('portal.resend')}
          </Button>
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
          <p>{t('portal.notInvited', { email: advertiser.email })}</p>
          <Button size="sm" onClick={() => open(true)}>
            <Send aria-hidden className="size-4" />
            {t('portal.invite')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={open}
        destructive={false}
        title={t(invited ? 'portal.confirmResendTitle' : 'portal.confirmInviteTitle')}
        description={
          invited
            ? t('portal.confirmResendDescription')
            : t('portal.confirmInviteDescription', { email: advertiser.email })
        }
        confirmLabel={t(invited ? 'portal.resend' : 'portal.sendInvitation')}
        isPending={invite.isPending}
        onConfirm={send}
      >
        {invite.isError && (
          <Alert tone="danger" title={t('portal.notSent')}>
            {invite.error.message}
          </Alert>
        )}
      </ConfirmDialog>
    </DetailSection>
  );
}
