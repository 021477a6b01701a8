import { useQuery } from '@tanstack/react-query';
import { Layers, Plus } from 'lucide-react';
import { useState } from 'react';
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
  useLiveTables('groups', ['screen_groups', 'screen_group_members']);
  const groups = useQuery(screenGroupsQueryOptions());
  const [createOpen, setCreateOpen] = useState(false);
  const canChange = useMayUse('screens');
  const newGroup = canChange && (
    <Button onClick={() => setCreateOpen(true)}>
      <Plus aria-hidden className="size-4" />
      New group
    </Button>
  );

  return (
    <ListPage
      title="Screen Groups"
      description="Named sets of screens from any venues, such as Gyms or City centre. Network campaigns target them; Equipment filters by them."
      actions={newGroup}
      footer={<GroupFormDialog open={createOpen} onOpenChange={setCreateOpen} />}
    >
      <ListContent
        query={groups}
        loading={<SkeletonGrid label="Loading groups" className={`grid gap-4 ${GRID}`} itemClassName="h-48" />}
        errorTitle="Groups could not be loaded"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Layers}
            title="No groups yet"
            description="Make a group, then add screens to it from Equipment."
            action={newGroup}
          />
        }
      >
        {(data) => (
          <CardList label="Groups" className={GRID} items={data} getKey={(g) => g.id}>
            {(g) => <GroupCard group={g} />}
          </CardList>
        )}
      </ListContent>
    </ListPage>
  );
}
