// Sending commands from Equipment (REST at the network boundary): one call for many screens,
// a summary of what was sent or why not, and no menu at all for roles that do not control screens.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { useCan } from '@/lib/auth';
import { SendCommandMenu } from './send-command-menu';

/** Says when the signed-in member's role is known (every team role reads). */
function RoleKnown() {
  return useCan('read') ? <p>Role known</p> : null;
}

const IDS = ['e0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002'];

function renderMenu(role: string) {
  storeSession(fakeUser());
  server.use(onUserRole(role));
  const calls: Record<string, unknown>[] = [];
  server.use(
    http.post(restUrl('/rpc/issue_screen_commands'), async ({ request }) => {
      const body = (await request.json()) as { p_device_ids: string[]; p_command: string };
      calls.push(body);
      if (body.p_command === 'reload') {
        return HttpResponse.json(
          {
            code: '22023',
            details: null,
            hint: null,
            message: 'Screen "Lobby" was revoked: pair it again before sending it commands.',
          },
          { status: 400 },
        );
      }
      return HttpResponse.json(body.p_device_ids.map((id) => ({ id: `c-${id}`, device_id: id, status: 'queued' })));
    }),
  );
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <>
          <RoleKnown />
          <SendCommandMenu deviceIds={IDS} />
        </>
      ),
    },
  ]);
  return { ...view, calls };
}

describe('SendCommandMenu', () => {
  it('sends one command to many screens in one call, and says so', async () => {
    const { user, calls } = renderMenu('operator');
    await user.click(await screen.findByRole('button', { name: 'Commands' }));
    await user.click(screen.getByRole('menuitem', { name: /Identify/ }));
    expect(await screen.findByText('Identify sent to 2 screens')).toBeInTheDocument();
    expect(calls).toEqual([{ p_device_ids: IDS, p_command: 'identify' }]);
  });

  it('shows why a command was not sent', async () => {
    const { user } = renderMenu('admin');
    await user.click(await screen.findByRole('button', { name: 'Commands' }));
    await user.click(screen.getByRole('menuitem', { name: /Reload/ }));
    expect(await screen.findByText('Reload was not sent')).toBeInTheDocument();
    expect(
      screen.getByText('Screen "Lobby" was revoked: pair it again before sending it commands.'),
    ).toBeInTheDocument();
  });

  it('is not there for sales or viewers', async () => {
    for (const role of ['sales', 'viewer']) {
      const view = renderMenu(role);
      expect(await screen.findByText('Role known')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Commands' })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
