import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format';
import { TEAM_ROLES, type TeamRole } from '@/lib/permissions';
import { ROLE_LABEL, useRemoveTeamMember, useSetTeamRole, type TeamMember } from '../api/team';

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }));

export interface TeamTableProps {
  members: TeamMember[];
  /** The signed-in admin's login: their own role and membership are changed by another admin. */
  selfId: string;
}

/** The team: e-mail, role (changeable), last sign-in, two-factor state, and remove. */
export function TeamTable({ members, selfId }: TeamTableProps) {
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
          <caption className="sr-only">Team members</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                E-mail
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Role
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Last sign-in
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Two-factor
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
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
                    {self && <span className="ml-2 text-xs font-normal text-gray-500">(you)</span>}
                  </th>
                  <td className="px-4 py-3">
                    <Select
                      aria-label={`Role of ${m.email}`}
                      className="w-36"
                      options={ROLE_OPTIONS}
                      value={m.role}
                      disabled={self || setRole.isPending}
                      title={self ? 'Another admin changes your role' : undefined}
                      onChange={(event) => {
                        const role = event.target.value as TeamRole;
                        setRole.mutate(
                          { id: m.id, role },
                          {
                            onSuccess: () => toast({ tone: 'success', title: `${m.email} is now ${ROLE_LABEL[role]}` }),
                          },
                        );
                      }}
                    />
                  </td>
                  <td className="px-4 py-3 text-gray-600">
                    {m.pending ? (
                      <Badge tone="warning">Invited, not signed in yet</Badge>
                    ) : (
                      formatDateTime(m.last_sign_in_at)
                    )}
                  </td>
                  <td className="px-4 py-3">{m.two_factor ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}</td>
                  <td className="px-4 py-3 text-right">
                    {!self && (
                      <Button variant="ghost" size="sm" onClick={() => setLeaving(m)} aria-label={`Remove ${m.email}`}>
                        Remove
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
        title={leaving ? `Remove ${leaving.email} from the team?` : ''}
        description="Their login is deleted: they can no longer sign in. What they made stays."
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!leaving) return;
          remove.mutate(leaving.id, {
            onSuccess: () => {
              toast({ tone: 'success', title: `${leaving.email} was removed from the team` });
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
