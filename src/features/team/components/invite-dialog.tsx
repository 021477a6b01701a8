import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
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
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { TEAM_ROLES } from '@/lib/permissions';
import {
  inviteSchema,
  ROLE_LABEL,
  ROLE_SUMMARY,
  useInviteTeamMember,
  type InviteInput,
  type InviteValues,
} from '../api/team';

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: `${ROLE_LABEL[role]}: ${ROLE_SUMMARY[role]}` }));
const EMPTY: InviteInput = { email: '', role: 'operator' };

export interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invites a colleague: their e-mail and role; the function makes the login and e-mails a sign-in link. */
export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  const invite = useInviteTeamMember();
  const toast = useToast();
  const form = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      invite.reset();
    }
    // Only when the dialog opens: edits stay while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: ({ sentTo }) => {
        toast({ tone: 'success', title: `Invitation sent to ${sentTo}` });
        onOpenChange(false);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !invite.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a team member</DialogTitle>
          <DialogDescription>
            They get an e-mail with a sign-in link; their role decides what they may see and change.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label="E-mail" error={errors.email?.message}>
            {(c) => <Input {...c} type="email" autoComplete="off" {...form.register('email')} />}
          </Field>
          <Field label="Role" error={errors.role?.message}>
            {(c) => <Select {...c} options={ROLE_OPTIONS} {...form.register('role')} />}
          </Field>
          {invite.error && <Alert tone="danger">{invite.error.message}</Alert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={invite.isPending}>
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
