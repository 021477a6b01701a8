import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListContent } from '@/components/lists/list-content';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuth } from '@/lib/auth';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { teamMembersQueryOptions } from '../api/team';
import { InviteDialog } from '../components/invite-dialog';
import { RequireTwoFactorCard } from '../components/require-two-factor';
import { TeamTable } from '../components/team-table';

export const prefetch: ScreenPrefetch = (queryClient) => {
  void queryClient.prefetchQuery(teamMembersQueryOptions());
};

/** The team (admins only): members, their roles, last sign-in and two-factor state; invite, change, remove. */
export function TeamRoute() {
  const { t } = useTranslation('team');
  const members = useQuery(teamMembersQueryOptions());
  const auth = useAuth();
  const [inviteOpen, setInviteOpen] = useState(false);
  const inviteButton = (
    <Button onClick={() => setInviteOpen(true)}>
      <UserPlus aria-hidden className="size-4" />
      {t('invite.title')}
    </Button>
  );
  return (
    <ContentLayout title={t('page.title')} description={t('page.description')} actions={inviteButton}>
      <ListContent
        query={members}
        loading={<SkeletonGrid label={t('page.loading')} className="grid gap-2" itemClassName="h-12" />}
        errorTitle={t('page.loadFailed')}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Users}
            title={t('page.emptyTitle')}
            description={t('page.emptyDescription')}
            action={inviteButton}
          />
        }
      >
        {(data) => <TeamTable members={data} selfId={auth.user?.id ?? ''} />}
      </ListContent>
      <RequireTwoFactorCard />
      <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} />
    </ContentLayout>
  );
}
