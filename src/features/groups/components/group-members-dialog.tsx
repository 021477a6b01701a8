import { useQuery } from '@tanstack/react-query';
import { MonitorOff, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FailedRead } from '@/components/errors/query-boundary';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton, LoadingRegion } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { LiveStatusBadge } from '@/entities/device/live-status-badge';
import { useRemoveFromScreenGroup } from '@/entities/screen-group/screen-group-mutations';
import {
  screenGroupMembersQueryOptions,
  type ScreenGroup,
  type ScreenGroupMember,
} from '@/entities/screen-group/screen-groups';

export interface GroupMembersDialogProps {
  group: ScreenGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A group's screens (name, venue, live status), each with Remove; screens join from Equipment. */
export function GroupMembersDialog({ group, open, onOpenChange }: GroupMembersDialogProps) {
  const members = useQuery({ ...screenGroupMembersQueryOptions(group.id), enabled: open });
  const remove = useRemoveFromScreenGroup();
  const toast = useToast();
  const [removing, setRemoving] = useState<ScreenGroupMember | null>(null);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Screens in {group.name}</DialogTitle>
          <DialogDescription>
            Add screens from{' '}
            <Link className="font-medium text-brand-700 underline" to={paths.dashboard.equipment.getHref()}>
              Equipment
            </Link>
            : tick them, then Add to group.
          </DialogDescription>
        </DialogHeader>
        {members.isPending ? (
          <LoadingRegion label="Loading screens" className="space-y-2">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </LoadingRegion>
        ) : members.isError ? (
          <FailedRead
            title="Screens could not be loaded"
            failure={{ error: members.error, retry: () => void members.refetch(), retrying: members.isRefetching }}
          />
        ) : members.data.length === 0 ? (
          <p className="flex items-center gap-2 py-6 text-sm text-gray-500">
            <MonitorOff aria-hidden className="size-4" />
            No screens in this group yet.
          </p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Screens in {group.name}</caption>
              <thead className="text-xs text-gray-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Screen
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Venue
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {members.data.map((m) => (
                  <tr key={m.deviceId}>
                    <td className="py-2 pr-3 font-medium break-all text-gray-900">{m.name}</td>
                    <td className="py-2 pr-3 text-gray-600">{m.venue ?? 'Not assigned'}</td>
                    <td className="py-2 pr-3">
                      <LiveStatusBadge status={m.status} />
                    </td>
                    <td className="py-2 text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${m.name} from ${group.name}`}
                        onClick={() => setRemoving(m)}
                      >
                        <X aria-hidden className="size-4" />
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(next) => !next && setRemoving(null)}
          title={`Remove ${removing?.name ?? 'the screen'} from ${group.name}?`}
          description="The screen stays on Equipment; network campaigns that target this group stop playing on it."
          confirmLabel="Remove"
          isPending={remove.isPending}
          onConfirm={() => {
            if (!removing) return;
            remove.mutate(
              { groupId: group.id, deviceIds: [removing.deviceId] },
              {
                onSuccess: () => {
                  toast({ tone: 'success', title: `${removing.name} removed from ${group.name}` });
                  setRemoving(null);
                },
                onError: (error) =>
                  toast({ tone: 'danger', title: 'Failed to remove the screen', description: error.message }),
              },
            );
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
