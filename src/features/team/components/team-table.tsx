import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format';
import { TEAM_ROLES, type TeamRole } from '@/lib/permissions';
import { roleLabel, useRemoveTeamMember, useSetTeamRole, type TeamMember } from '../api/team';

export interface TeamTableProps {
  members: TeamMember[];
  /** The signed-in admin's login: their own role and membership are changed by another admin. */
  selfId: string;
}

/** The team: e-mail, role (changeable), last sign-in, two-factor state, and remove. */
export function TeamTable({ members, selfId }: TeamTableProps) {
  const { t } = useTranslation('team');
  const roleOptions = TEAM_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
  const setRole = useSetTeamRole();
  const remove = useRemoveTeamMember();
  const toast = useToast();
  const [leaving, setLeaving] = useState<TeamMember | null>(null);
  const error = setRole.error ?? null;

  return (
    <div className="space-y-3">
      {error && <Alert tone="danger">{error.message}</Alert>}
      <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('table.email')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('table.role')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('table.lastSignIn')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('table.twoFactor')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {members.map((m) => {
              const self = m.id === selfId;
              return (
                <tr key={m.id}>
                  <th scope="row" className="px-4 py-3 font-medium text-gray-900">
                    {m.email}
                    {self && <span className="ml-2 text-xs font-normal text-gray-500">{t('table.you')}</span>}
                  </th>
                  <td className="px-4 py-3">
                    <Select
                      aria-label={t('table.roleOf', { email: m.email })}
                      className="w-36"
                      options={roleOptions}
                      value={m.role}
                      disabled={self || setRole.isPending}
                      title={self ? t('table.ownRole') : undefined}
                      onChange={(event) => {
                        const role = event.target.value as TeamRole;
                        setRole.mutate(
                          { id: m.id, role },
                          {
                            onSuccess: () =>
                              toast({
                                tone: 'success',
                                title: t('table.roleChanged', { email: m.email, role: roleLabel(role) }),
                              }),
                          },
                        );
                      }}
                    />
                  </td>
                  <td className="px-4 py-3 text-gray-600">
                    {m.pending ? <Badge tone="warning">{t('table.pending')}</Badge> : formatDateTime(m.last_sign_in_at)}
                  </td>
                  <td className="px-4 py-3">
                    {m.two_factor ? <Badge tone="success">{t('table.on')}</Badge> : <Badge>{t('table.off')}</Badge>}
                  </td>
                  <td className="px-4 py-3 text-right">
                    {!self && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setLeaving(m)}
                        aria-label={t('table.removeMember', { email: m.email })}
                      >
                        {t('table.remove')}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => {
          if (!open) {
            setLeaving(null);
            remove.reset();
          }
        }}
        title={leaving ? t('remove.title', { email: leaving.email }) : ''}
        description={t('remove.description')}
        confirmLabel={t('table.remove')}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!leaving) return;
          remove.mutate(leaving.id, {
            onSuccess: () => {
              toast({ tone: 'success', title: t('remove.done', { email: leaving.email }) });
              setLeaving(null);
            },
          });
        }}
      >
        {remove.error && <Alert tone="danger">{remove.error.message}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
