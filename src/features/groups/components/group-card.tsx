import { useQuery } from '@tanstack/react-query';
import { Monitor, Pencil, Trash2, Wifi } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/components/ui/error-state';
import { useToast } from '@/components/ui/toast';
import { formatNumber } from '@/lib/format';
import { GroupSwatch } from '@/entities/screen-group/group-swatch';
import { useDeleteScreenGroup } from '@/entities/screen-group/screen-group-mutations';
import { screenGroupCountsQueryOptions, type ScreenGroup } from '@/entities/screen-group/screen-groups';
import { GroupFormDialog } from './group-form-dialog';
import { GroupMembersDialog } from './group-members-dialog';
import { useMayUse } from '@/lib/may-use';

/** A group: its colour, name and description, how many screens it has and how many are online. */
export function GroupCard({ group }: { group: ScreenGroup }) {
  const { t } = useTranslation(['groups', 'common']);
  const canChange = useMayUse('screens');
  const counts = useQuery(screenGroupCountsQueryOptions(group.id));
  const [editOpen, setEditOpen] = useState(false);
  const [membersOpen, setMembersOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const remove = useDeleteScreenGroup();
  const toast = useToast();
  const screensText = counts.data ? t('card.screenCount', { count: counts.data.members }) : t('card.screens');

  return (
    <Card className="flex h-full flex-col" role="article" aria-label={group.name}>
      <div className="flex items-start gap-3 px-5 pt-5">
        <GroupSwatch colour={group.colour} className="mt-1.5 size-4" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-words text-gray-900">{group.name}</h2>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-600">
            {group.description || <span className="text-gray-400">{t('card.noDescription')}</span>}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 px-5 py-4 text-sm">
        <div className="rounded-md bg-gray-50 px-3 py-2">
          <dt className="flex items-center gap-1.5 text-gray-500">
            <Monitor aria-hidden className="size-4" />
            {t('card.screens')}
          </dt>
          <dd className="text-lg font-semibold text-gray-900">
            {counts.isPending
              ? t('card.pending')
              : counts.isError
                ? t('common:states.none')
                : formatNumber(counts.data.members)}
          </dd>
        </div>
        <div className="rounded-md bg-success-50 px-3 py-2">
          <dt className="flex items-center gap-1.5 text-success-700">
            <Wifi aria-hidden className="size-4" />
            {t('card.online')}
          </dt>
          <dd className="text-lg font-semibold text-gray-900">
            {counts.isPending
              ? t('card.pending')
              : counts.isError
                ? t('common:states.none')
                : formatNumber(counts.data.online)}
          </dd>
        </div>
      </dl>
      {counts.isError && (
        <p role="alert" className="px-5 pb-3 text-sm text-danger-700">
          {t('card.countsFailed', { error: errorMessage(counts.error) })}{' '}
          <button type="button" className="underline" onClick={() => void counts.refetch()}>
            {t('card.retry')}
          </button>
        </p>
      )}
      <div className="mt-auto flex flex-wrap justify-end gap-1 border-t border-gray-100 px-3 py-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setMembersOpen(true)}
          aria-label={t('card.screensIn', { screens: screensText, group: group.name })}
        >
          <Monitor aria-hidden className="size-4" />
          {screensText}
        </Button>
        {canChange && (
          <>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setEditOpen(true)}
              aria-label={t('card.editOf', { name: group.name })}
            >
              <Pencil aria-hidden className="size-4" />
              {t('common:actions.edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setDeleteOpen(true)}
              aria-label={t('card.deleteOf', { name: group.name })}
            >
              <Trash2 aria-hidden className="size-4" />
              {t('common:actions.delete')}
            </Button>
          </>
        )}
      </div>
      <GroupFormDialog group={group} open={editOpen} onOpenChange={setEditOpen} />
      <GroupMembersDialog group={group} open={membersOpen} onOpenChange={setMembersOpen} />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={(next) => !remove.isPending && setDeleteOpen(next)}
        title={t('card.deleteTitle', { name: group.name })}
        description={
          counts.data?.members ? t('card.deleteWithScreens', { count: counts.data.members }) : t('card.deleteEmpty')
        }
        confirmLabel={t('common:actions.delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          void remove.mutateAsync(group.id).then(
            () => {
              setDeleteOpen(false);
              toast({ tone: 'success', title: t('card.deleted', { name: group.name }) });
            },
            (error: Error) => toast({ tone: 'danger', title: t('card.deleteFailed'), description: error.message }),
          )
        }
      />
    </Card>
  );
}
