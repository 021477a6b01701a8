import { useQuery } from '@tanstack/react-query';
import { Layers, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/layouts/list-page';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { useLiveTables } from '@/entities/query-keys/live-tables';
import { screenGroupsQueryOptions } from '@/entities/screen-group/screen-groups';
import { GroupCard } from '../components/group-card';
import { GroupFormDialog } from '../components/group-form-dialog';
import { useMayUse } from '@/lib/may-use';

const GRID = 'sm:grid-cols-2 xl:grid-cols-3';

export const prefetch: ScreenPrefetch = (queryClient) => {
  void queryClient.prefetchQuery(screenGroupsQueryOptions());
};

/** Screen groups: their screens and how many are online; create, edit, delete. */
export function GroupsRoute() {
  // Other admins' changes and screens joining or leaving show without a refresh. Online counts
  // are read again every minute (heartbeats going quiet change no row, and listening to every
  // heartbeat would count every group again each second on a busy network).
  const { t } = useTranslation('groups');
  useLiveTables('groups', ['screen_groups', 'screen_group_members']);
  const groups = useQuery(screenGroupsQueryOptions());
  const [createOpen, setCreateOpen] = useState(false);
  const canChange = useMayUse('screens');
  const newGroup = canChange && (
    <Button onClick={() => setCreateOpen(true)}>
      <Plus aria-hidden className="size-4" />
      {t('page.newGroup')}
    </Button>
  );

  return (
    <ListPage
      title={t('page.title')}
      description={t('page.description')}
      actions={newGroup}
      footer={<GroupFormDialog open={createOpen} onOpenChange={setCreateOpen} />}
    >
      <ListContent
        query={groups}
        loading={<SkeletonGrid label={t('page.loading')} className={`grid gap-4 ${GRID}`} itemClassName="h-48" />}
        errorTitle={t('page.loadFailed')}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Layers}
            title={t('page.emptyTitle')}
            description={t('page.emptyDescription')}
            action={newGroup}
          />
        }
      >
        {(data) => (
          <CardList label={t('page.list')} className={GRID} items={data} getKey={(g) => g.id}>
            {(g) => <GroupCard group={g} />}
          </CardList>
        )}
      </ListContent>
    </ListPage>
  );
}
