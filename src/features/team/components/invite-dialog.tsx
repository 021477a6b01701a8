import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
  roleLabel,
  roleSummary,
  useInviteTeamMember,
  type InviteInput,
  type InviteValues,
} from '../api/team';

const EMPTY: InviteInput = { email: '', role: 'operator' };

export interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invites a colleague: their e-mail and role; the function makes the login and e-mails a sign-in link. */
export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  const { t } = useTranslation(['team', 'common']);
  const invite = useInviteTeamMember();
  const toast = useToast();
  const roleOptions = TEAM_ROLES.map((role) => ({
    value: role,
    label: t('invite.role.option', { name: roleLabel(role), summary: roleSummary(role) }),
  }));
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
        toast({ tone: 'success', title: t('invite.sent', { email: sentTo }) });
        onOpenChange(false);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !invite.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('invite.title')}</DialogTitle>
          <DialogDescription>{t('invite.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <Field label={t('invite.email.label')} error={errors.email?.message}>
            {(c) => <Input {...c} type="email" autoComplete="off" {...form.register('email')} />}
          </Field>
          <Field label={t('invite.role.label')} error={errors.role?.message}>
            {(c) => <Select {...c} options={roleOptions} {...form.register('role')} />}
          </Field>
          {invite.error && <Alert tone="danger">{invite.error.message}</Alert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={invite.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" isLoading={invite.isPending}>
              {t('invite.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
