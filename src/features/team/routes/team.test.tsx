import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, functionsUrl, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import type { TeamMember } from '../api/team';
import { TeamRoute } from './team';

const SELF = fakeUser('admin@example.com');
const ADMIN: TeamMember = {
  id: SELF.id,
  email: 'admin@example.com',
  role: 'admin',
  created_at: '2026-10-01T10:00:00Z',
  last_sign_in_at: '2026-11-26T09:00:00Z',
  two_factor: true,
  pending: false,
};
const OPS: TeamMember = {
  ...ADMIN,
  id: '0b000000-0000-4000-8000-000000000002',
  email: 'ops@example.com',
  role: 'operator',
  two_factor: false,
};
const BOSS: TeamMember = { ...ADMIN, id: '0b000000-0000-4000-8000-000000000003', email: 'boss@example.com' };
const NEWCOMER: TeamMember = {
  ...OPS,
  id: '0b000000-0000-4000-8000-000000000004',
  email: 'pat@example.com',
  role: 'sales',
  last_sign_in_at: null,
  pending: true,
};

const postgrestError = (status: number, code: string, message: string) =>
  HttpResponse.json({ code, details: null, hint: null, message }, { status });

/** The database as msw: the team list (changed by the handlers a test adds) and the settings row. */
function team(initial = [ADMIN, OPS, BOSS]) {
  const state = { members: [...initial], requireTwoFactor: false };
  server.use(
    http.post(restUrl('/rpc/team_members'), () => HttpResponse.json(state.members)),
    http.get(restUrl('/network_settings'), () => HttpResponse.json({ require_two_factor: state.requireTwoFactor })),
  );
  return state;
}

function renderPage() {
  storeSession(SELF);
  return renderRoutes([{ path: '/dashboard/team', element: <TeamRoute /> }], { url: '/dashboard/team' });
}

const row = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

describe('Team page', () => {
  it('lists each member with role, last sign-in and two-factor state; no controls on your own row', async () => {
    team([ADMIN, OPS, NEWCOMER]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const ops = row('ops@example.com');
    expect(within(ops).getByRole('combobox', { name: 'Role of ops@example.com' })).toHaveValue('operator');
    expect(within(ops).getByText('Off')).toBeVisible();
    expect(within(row('pat@example.com')).getByText('Invited, not signed in yet')).toBeVisible();
    const self = row('admin@example.com');
    expect(within(self).getByText('(you)')).toBeVisible();
    expect(within(self).getByText('On')).toBeVisible();
    expect(within(self).getByRole('combobox', { name: 'Role of admin@example.com' })).toBeDisabled();
    expect(within(self).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('invites a colleague by e-mail and role, and lists them once invited', async () => {
    const state = team();
    const invited: unknown[] = [];
    server.use(
      http.post(functionsUrl('invite-team-member'), async ({ request }) => {
        const body = (await request.json()) as { email: string; role: string };
        invited.push(body);
        state.members.push({ ...NEWCOMER, email: body.email, role: body.role as TeamMember['role'] });
        return HttpResponse.json({
          member: { id: NEWCOMER.id, email: body.email, role: body.role },
          sentTo: body.email,
        });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Team members' });
    await user.click(screen.getByRole('button', { name: 'Invite a team member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a team member' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Enter an e-mail address')).toBeVisible();
    expect(invited).toEqual([]);

    await user.type(within(dialog).getByLabelText('E-mail'), ' Pat@Example.com ');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'sales');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to pat@example.com')).toBeVisible();
    expect(invited).toEqual([
      { email: 'pat@example.com', role: 'sales', redirectTo: `${window.location.origin}/auth/callback` },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /pat@example\.com/ })).toHaveTextContent(
      'Invited, not signed in yet',
    );
  });

  it("shows the function's refusal of an address that already has a login, keeping what was typed", async () => {
    team();
    server.use(
      http.post(functionsUrl('invite-team-member'), () =>
        HttpResponse.json(
          { error: "This e-mail already has a login; change a team member's role on the Team page" },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Team members' });
    await user.click(screen.getByRole('button', { name: 'Invite a team member' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-mail'), 'ops@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This e-mail already has a login');
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('ops@example.com');
  });

  it('changes a role through set_team_role, and shows the last-admin refusal as the database words it', async () => {
    const state = team();
    const calls: unknown[] = [];
    server.use(
      http.post(restUrl('/rpc/set_team_role'), async ({ request }) => {
        const args = (await request.json()) as { p_user_id: string; p_role: string };
        calls.push(args);
        if (args.p_user_id === BOSS.id) {
          return postgrestError(400, '23514', 'The team needs at least one admin: make someone else an admin first');
        }
        state.members = state.members.map((m) =>
          m.id === args.p_user_id ? { ...m, role: args.p_role as TeamMember['role'] } : m,
        );
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Team members' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of ops@example.com' }), 'viewer');
    expect(await screen.findByText('ops@example.com is now Viewer')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of ops@example.com' })).toHaveValue('viewer'),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of boss@example.com' }), 'sales');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The team needs at least one admin: make someone else an admin first',
    );
    expect(screen.getByRole('combobox', { name: 'Role of boss@example.com' })).toHaveValue('admin');
    expect(calls).toEqual([
      { p_user_id: OPS.id, p_role: 'viewer' },
      { p_user_id: BOSS.id, p_role: 'sales' },
    ]);
  });

  it('removes a member only after confirming', async () => {
    const state = team();
    const removed: unknown[] = [];
    server.use(
      http.post(restUrl('/rpc/remove_team_member'), async ({ request }) => {
        const args = (await request.json()) as { p_user_id: string };
        removed.push(args);
        state.members = state.members.filter((m) => m.id !== args.p_user_id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Team members' });
    await user.click(screen.getByRole('button', { name: 'Remove ops@example.com' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove ops@example.com from the team?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(removed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove ops@example.com' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('ops@example.com was removed from the team')).toBeVisible();
    expect(removed).toEqual([{ p_user_id: OPS.id }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /ops@example\.com/ })).not.toBeInTheDocument());
  });

  it("turns on required two-factor sign-in, and shows the database's refusal when the admin has no code session", async () => {
    const state = team();
    const writes: unknown[] = [];
    let refuse = true;
    server.use(
      http.patch(restUrl('/network_settings'), async ({ request }) => {
        const body = await request.json();
        writes.push(body);
        if (refuse) {
          return postgrestError(
            403,
            '42501',
            'Set up two-factor sign-in for yourself and sign in with a code before changing this',
          );
        }
        state.requireTwoFactor = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in for every team member' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Set up two-factor sign-in for yourself and sign in with a code before changing this',
    );
    expect(toggle).not.toBeChecked();

    refuse = false;
    await user.click(toggle);
    expect(await screen.findByText('Two-factor sign-in is now required')).toBeVisible();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(writes).toEqual([{ require_two_factor: true }, { require_two_factor: true }]);
  });
});
