// "Advertiser portal" on an advertiser's page: invite its contact, or see its login and
// re-send the sign-in link. Both ask first and say what went wrong in words.
import { useQuery } from '@tanstack/react-query';
import { Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { DetailSection } from '@/components/layouts/detail-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import type { Advertiser } from '../api/advertisers';
import { portalLoginQueryOptions, useInviteAdvertiser } from '../api/portal-invite';

function LoginEmail({ userId }: { userId: string }) {
  const login = useQuery(portalLoginQueryOptions(userId));
  if (login.isPending) return <Skeleton className="inline-block h-4 w-40 align-middle" />;
  return <span className="font-medium text-gray-900">{login.data ?? 'a login that no longer exists'}</span>;
}

export function PortalAccess({ advertiser }: { advertiser: Advertiser }) {
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
          title: invited ? 'Sign-in link sent again' : 'Invitation sent',
          description: `A sign-in link is on its way to ${sentTo}.`,
        });
      },
    });

  const open = (next: boolean) => {
    if (next) invite.reset();
    setConfirming(next);
  };

  return (
    <DetailSection title="Advertiser portal" span="full">
      {invited ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm text-gray-700">
          <Mail aria-hidden className="size-4 text-gray-500" />
          <span>
            Portal login: <LoginEmail userId={advertiser.user_id!} />
          </span>
          <span aria-hidden>·</span>
          <Button variant="outline" size="sm" onClick={() => open(true)}>
            Re-send link
          </Button>
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
          <p>
            Not invited yet. The advertiser's contact signs in with a link e-mailed to {advertiser.email} and sees their
            campaigns, plays and reports.
          </p>
          <Button size="sm" onClick={() => open(true)}>
            <Send aria-hidden className="size-4" />
            Invite to the portal
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={open}
        destructive={false}
        title={invited ? 'Re-send the sign-in link?' : 'Invite to the portal?'}
        description={
          invited
            ? 'A new sign-in link (and code) is e-mailed to the portal login.'
            : `A portal login is made for ${advertiser.email} and a sign-in link (and code) is e-mailed to it. The advertiser sees only their own campaigns, plays and creatives.`
        }
        confirmLabel={invited ? 'Re-send link' : 'Send invitation'}
        isPending={invite.isPending}
        onConfirm={send}
      >
        {invite.isError && (
          <Alert tone="danger" title="Not sent">
            {invite.error.message}
          </Alert>
        )}
      </ConfirmDialog>
    </DetailSection>
  );
}
