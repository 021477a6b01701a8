import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { GroupsRoute } from './groups';

const GYMS = {
  id: 'g1',
  name: 'Gyms',
  colour: '#16a34a',
  description: 'Every gym screen, both venues',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const CITY = { ...GYMS, id: 'g2', name: 'City centre', colour: '#2563eb', description: null };

/** PostgREST's answer to a HEAD request with `Prefer: count=exact`: the count in Content-Range, no rows. */
const counted = (n: number) =>
  new HttpResponse(null, { status: 200, headers: { 'Content-Range': n ? `0-${n - 1}/${n}` : '*/0' } });

const postgrestError = (status: number, code: string, message: string, details: string | null = null) =>
  HttpResponse.json({ code, details, hint: null, message }, { status });

/** Member and online counts per group: [members, online]. */
function answers(groups = [GYMS, CITY], counts: Record<string, [number, number]> = { g1: [5, 3], g2: [2, 0] }) {
  const countQueries: URLSearchParams[] = [];
  server.use(
    http.get(restUrl('/screen_groups'), () => HttpResponse.json(groups)),
    http.head(restUrl('/screen_group_members'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      countQueries.push(params);
      const [members, online] = counts[params.get('group_id')?.replace('eq.', '') ?? ''] ?? [0, 0];
      return counted(params.get('equipment_status_live.live_status') === 'eq.online' ? online : members);
    }),
  );
  return countQueries;
}

function renderPage() {
  storeSession(fakeUser());
  return renderRoutes([{ path: '/dashboard/groups', element: <GroupsRoute /> }], { url: '/dashboard/groups' });
}

const figure = (card: HTMLElement, term: string) =>
  within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Screen Groups', () => {
  it('lists each group with its colour, description, screens and how many are online, counted by the database', async () => {
    const countQueries = answers();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Screen Groups' })).toBeInTheDocument();
    const gyms = await screen.findByRole('article', { name: 'Gyms' });
    expect(gyms).toHaveTextContent('Every gym screen, both venues');
    await waitFor(() => expect(figure(gyms, 'Screens')).toBe('5'));
    expect(figure(gyms, 'Online')).toBe('3');
    const city = screen.getByRole('article', { name: 'City centre' });
    expect(city).toHaveTextContent('No description');
    await waitFor(() => expect(figure(city, 'Screens')).toBe('2'));
    expect(figure(city, 'Online')).toBe('0');
    expect(within(gyms).getByRole('button', { name: '5 screens in Gyms' })).toHaveTextContent('5 screens');
    // Online means the live status the database derives from heartbeats.
    const online = countQueries.find(
      (q) => q.get('group_id') === 'eq.g1' && q.has('equipment_status_live.live_status'),
    );
    expect(online?.get('select')).toContain('equipment_status_live!inner()');
  });

  it('says so when there are no groups, and offers to make one', async () => {
    answers([]);
    renderPage();
    expect(await screen.findByText('No groups yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New group' })).toHaveLength(2);
  });

  it('shows a failed read with a retry', async () => {
    // Failing until the retry (the read made when the page's channel is live fails as well).
    let failing = true;
    server.use(
      http.get(restUrl('/screen_groups'), () =>
        failing ? postgrestError(500, 'XX000', 'groups failed') : HttpResponse.json([GYMS]),
      ),
      http.head(restUrl('/screen_group_members'), () => counted(1)),
    );
    const { user } = renderPage();
    expect(await screen.findByText('groups failed')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Gyms' })).toBeInTheDocument();
  });

  it('creates a group with a colour and description', async () => {
    answers();
    const posts: unknown[] = [];
    server.use(
      http.post(restUrl('/screen_groups'), async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ id: 'g3' }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Gyms' });
    await user.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.type(within(dialog).getByLabelText('Name'), '  Airports ');
    await user.clear(within(dialog).getByLabelText('Colour'));
    await user.type(within(dialog).getByLabelText('Colour'), '#FF8800');
    await user.type(within(dialog).getByLabelText('Description'), 'Departure halls');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Airports created')).toBeInTheDocument();
    expect(posts).toEqual([{ name: 'Airports', colour: '#ff8800', description: 'Departure halls' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the fields before sending', async () => {
    answers();
    let posted = false;
    server.use(
      http.post(restUrl('/screen_groups'), () => {
        posted = true;
        return HttpResponse.json({ id: 'g3' }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Gyms' });
    await user.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.clear(within(dialog).getByLabelText('Colour'));
    await user.type(within(dialog).getByLabelText('Colour'), 'orange');
    await user.click(within(dialog).getByLabelText('Description'));
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(/Enter a name for the group/);
    expect(within(dialog).getByLabelText('Colour')).toHaveAccessibleDescription(/A colour as #rrggbb/);
    expect(within(dialog).getByLabelText('Description')).toHaveAccessibleDescription(/At most 500 characters/);
    expect(posted).toBe(false);
  });

  it('shows a name another group has (the database’s 23505) at the Name field, and keeps what was typed', async () => {
    answers();
    server.use(
      http.patch(restUrl('/screen_groups'), () =>
        postgrestError(
          409,
          '23505',
          'duplicate key value violates unique constraint "screen_groups_name_key"',
          'Key (lower(name))=(gyms) already exists.',
        ),
      ),
    );
    const { user } = renderPage();
    const city = await screen.findByRole('article', { name: 'City centre' });
    await user.click(within(city).getByRole('button', { name: 'Edit City centre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit City centre' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('City centre');
    await user.clear(name);
    await user.type(name, 'GYMS');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/A group named "GYMS" already exists/));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(name).toHaveValue('GYMS');
    expect(screen.queryByText(/duplicate key value/)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit City centre' })).toBeInTheDocument();
  });

  it('deletes a group after asking', async () => {
    answers();
    const deletes: URLSearchParams[] = [];
    server.use(
      http.delete(restUrl('/screen_groups'), ({ request }) => {
        deletes.push(new URL(request.url).searchParams);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    const gyms = await screen.findByRole('article', { name: 'Gyms' });
    await waitFor(() => expect(figure(gyms, 'Screens')).toBe('5'));
    await user.click(within(gyms).getByRole('button', { name: 'Delete Gyms' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Gyms?' });
    expect(confirm).toHaveTextContent('Its 5 screens stay on Equipment, only out of the group.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toHaveLength(0);
    await user.click(within(gyms).getByRole('button', { name: 'Delete Gyms' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Gyms deleted')).toBeInTheDocument();
    expect(deletes.map((q) => q.get('id'))).toEqual(['eq.g1']);
  });

  it('lists a group’s screens with venue and status, and removes one after asking', async () => {
    answers();
    const deletes: URLSearchParams[] = [];
    server.use(
      http.get(restUrl('/screen_group_members'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('group_id')).toBe('eq.g1');
        return HttpResponse.json([
          {
            device_id: 'd1',
            screen: {
              id: 'd1',
              device_name: 'Lobby 1',
              customer_name: 'Peak Gym',
              live_status: 'online',
              revoked_at: null,
            },
          },
          {
            device_id: 'd2',
            screen: {
              id: 'd2',
              device_name: 'Weights',
              customer_name: 'Iron Gym',
              live_status: 'offline',
              revoked_at: null,
            },
          },
        ]);
      }),
      http.delete(restUrl('/screen_group_members'), ({ request }) => {
        deletes.push(new URL(request.url).searchParams);
        return new HttpResponse(null, { status: 204, headers: { 'Content-Range': '*/1' } });
      }),
    );
    const { user } = renderPage();
    const gyms = await screen.findByRole('article', { name: 'Gyms' });
    await user.click(within(gyms).getByRole('button', { name: /screens? in Gyms$/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Screens in Gyms' });
    const rows = await within(dialog).findAllByRole('row');
    expect(
      rows.slice(1).map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Lobby 1', 'Peak Gym', 'Online'],
      ['Weights', 'Iron Gym', 'Offline'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Weights from Gyms' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Weights from Gyms?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Weights removed from Gyms')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.get('group_id')).toBe('eq.g1');
    expect(deletes[0]?.get('device_id')).toBe('in.(d2)');
  });
});
