import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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

const plural = (n: number) => `${n} ${n === 1 ? 'screen' : 'screens'}`;

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
                ? `${plural(changed)} added to ${group.name}`
                : `${plural(changed)} removed from ${group.name}`,
            ...(others > 0 && {
              description:
                mode === 'add'
                  ? `${plural(others)} ${others === 1 ? 'was' : 'were'} already in it.`
                  : `${plural(others)} ${others === 1 ? 'was' : 'were'} not in it.`,
            }),
          });
          onDone();
          onOpenChange(false);
        },
      },
    );
  };

  const title =
    mode === 'add' ? `Add ${plural(deviceIds.length)} to a group` : `Remove ${plural(deviceIds.length)} from a group`;
  // While the write runs the dialog stays (Escape and clicks outside wait for it).
  const keepOpen = (event: Event) => mutation.isPending && event.preventDefault();
  return (
    <DialogContent onEscapeKeyDown={keepOpen} onInteractOutside={keepOpen}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {mode === 'add'
            ? 'Screens already in the group stay as they are. Network campaigns that target the group start playing on the others.'
            : 'The screens stay on Equipment, only out of the group.'}
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
          <Alert tone="danger" title="Groups could not be loaded">
            {groups.error.message}{' '}
            <button type="button" className="font-medium underline" onClick={() => void groups.refetch()}>
              Try again
            </button>
          </Alert>
        ) : groups.data?.length === 0 ? (
          <p className="text-sm text-gray-600">
            There are no groups yet.{' '}
            <Link className="font-medium text-brand-700 underline" to={paths.dashboard.groups.getHref()}>
              Make one on Screen Groups
            </Link>
            .
          </p>
        ) : (
          <Field label="Group" error={missing && !groupId ? 'Choose a group' : undefined}>
            {(c) => (
              <Select
                {...c}
                disabled={groups.isPending}
                placeholder={groups.isPending ? 'Loading groups…' : 'Select a group'}
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
            Cancel
          </Button>
          <Button
            type="submit"
            variant={mode === 'add' ? 'primary' : 'danger'}
            isLoading={mutation.isPending}
            disabled={!groups.data?.length}
          >
            {mode === 'add' ? 'Add to group' : 'Remove from group'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
