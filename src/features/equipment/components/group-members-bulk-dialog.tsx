import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useAddToScreenGroup, useRemoveFromScreenGroup } from '@/entities/screen-group/screen-group-mutations';
import { screenGroupsQueryOptions } from '@/entities/screen-group/screen-groups';

export interface GroupMembersBulkDialogProps {
  /** Add the screens to a group, or take them out of one. */
  mode: 'add' | 'remove';
  deviceIds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the change is saved (the selection is cleared). */
  onDone: () => void;
}

/** Puts the chosen screens into one group, or takes them out of it: one write of all of them, all or none. */
export function GroupMembersBulkDialog({ open, onOpenChange, ...props }: GroupMembersBulkDialogProps) {
  // The form lives only while the dialog is open, so each opening starts afresh.
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <BulkForm {...props} onOpenChange={onOpenChange} />}
    </Dialog>
  );
}

function BulkForm({ mode, deviceIds, onOpenChange, onDone }: Omit<GroupMembersBulkDialogProps, 'open'>) {
  const { t } = useTranslation(['equipment', 'common']);
  const groups = useQuery(screenGroupsQueryOptions());
  const add = useAddToScreenGroup();
  const remove = useRemoveFromScreenGroup();
  const mutation = mode === 'add' ? add : remove;
  const toast = useToast();
  const [groupId, setGroupId] = useState('');
  const [missing, setMissing] = useState(false);

  const group = groups.data?.find((g) => g.id === groupId);
  const submit = () => {
    if (!group) {
      setMissing(true);
      return;
    }
    mutation.mutate(
      { groupId: group.id, deviceIds },
      {
        onSuccess: (changed) => {
          const others = deviceIds.length - changed;
          toast({
            tone: 'success',
            title:
              mode === 'add'
                ? t('groupBulk.added', { count: changed, group: group.name })
                : t('groupBulk.removed', { count: changed, group: group.name }),
            ...(others > 0 && {
              description:
                mode === 'add' ? t('groupBulk.alreadyIn', { count: others }) : t('groupBulk.notIn', { count: others }),
            }),
          });
          onDone();
          onOpenChange(false);
        },
      },
    );
  };

  const title =
    mode === 'add'
      ? t('groupBulk.addTitle', { count: deviceIds.length })
      : t('groupBulk.removeTitle', { count: deviceIds.length });
  // While the write runs the dialog stays (Escape and clicks outside wait for it).
  const keepOpen = (event: Event) => mutation.isPending && event.preventDefault();
  return (
    <DialogContent onEscapeKeyDown={keepOpen} onInteractOutside={keepOpen}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {mode === 'add' ? t('groupBulk.addDescription') : t('groupBulk.removeDescription')}
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {groups.isError ? (
          <Alert tone="danger" title={t('groupBulk.loadFailed')}>
            {groups.error.message}{' '}
            <button type="button" className="font-medium underline" onClick={() => void groups.refetch()}>
              {t('common:actions.retry')}
            </button>
          </Alert>
        ) : groups.data?.length === 0 ? (
          <p className="text-sm text-gray-600">
            <Trans
              t={t}
              i18nKey="groupBulk.noGroups"
              components={{
                link: <Link className="font-medium text-brand-700 underline" to={paths.dashboard.groups.getHref()} />,
              }}
            />
          </p>
        ) : (
          <Field label={t('groupBulk.group')} error={missing && !groupId ? t('groupBulk.chooseGroup') : undefined}>
            {(c) => (
              <Select
                {...c}
                disabled={groups.isPending}
                placeholder={groups.isPending ? t('groupBulk.loadingGroups') : t('groupBulk.selectGroup')}
                options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
                value={groupId}
                onChange={(event) => setGroupId(event.target.value)}
              />
            )}
          </Field>
        )}
        {mutation.isError && <Alert tone="danger">{mutation.error.message}</Alert>}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant={mode === 'add' ? 'primary' : 'danger'}
            isLoading={mutation.isPending}
            disabled={!groups.data?.length}
          >
            {mode === 'add' ? t('groupBulk.add') : t('groupBulk.remove')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
