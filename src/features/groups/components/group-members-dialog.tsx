import { useQuery } from '@tanstack/react-query';
import { MonitorOff, X } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('groups');
  const members = useQuery({ ...screenGroupMembersQueryOptions(group.id), enabled: open });
  const remove = useRemoveFromScreenGroup();
  const toast = useToast();
  const [removing, setRemoving] = useState<ScreenGroupMember | null>(null);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('members.title', { name: group.name })}</DialogTitle>
          <DialogDescription>
            <Trans
              t={t}
              i18nKey="members.description"
              components={{
                link: (
                  <Link className="font-medium text-brand-700 underline" to={paths.dashboard.equipment.getHref()} />
                ),
              }}
            />
          </DialogDescription>
        </DialogHeader>
        {members.isPending ? (
          <LoadingRegion label={t('members.loading')} className="space-y-2">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </LoadingRegion>
        ) : members.isError ? (
          <FailedRead
            title={t('members.loadFailed')}
            failure={{ error: members.error, retry: () => void members.refetch(), retrying: members.isRefetching }}
          />
        ) : members.data.length === 0 ? (
          <p className="flex items-center gap-2 py-6 text-sm text-gray-500">
            <MonitorOff aria-hidden className="size-4" />
            {t('members.empty')}
          </p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('members.title', { name: group.name })}</caption>
              <thead className="text-xs text-gray-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('members.screen')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('members.venue')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('members.status')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t('members.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {members.data.map((m) => (
                  <tr key={m.deviceId}>
                    <td className="py-2 pr-3 font-medium break-all text-gray-900">{m.name}</td>
                    <td className="py-2 pr-3 text-gray-600">{m.venue ?? t('members.notAssigned')}</td>
                    <td className="py-2 pr-3">
                      <LiveStatusBadge status={m.status} />
                    </td>
                    <td className="py-2 text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('members.removeOf', { name: m.name, group: group.name })}
                        onClick={() => setRemoving(m)}
                      >
                        <X aria-hidden className="size-4" />
                        {t('members.remove')}
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
          title={t('members.removeTitle', { name: removing?.name ?? t('members.theScreen'), group: group.name })}
          description={t('members.removeDescription')}
          confirmLabel={t('members.remove')}
          isPending={remove.isPending}
          onConfirm={() => {
            if (!removing) return;
            remove.mutate(
              { groupId: group.id, deviceIds: [removing.deviceId] },
              {
                onSuccess: () => {
                  toast({ tone: 'success', title: t('members.removed', { name: removing.name, group: group.name }) });
                  setRemoving(null);
                },
                onError: (error) =>
                  toast({ tone: 'danger', title: t('members.removeFailed'), description: error.message }),
              },
            );
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
