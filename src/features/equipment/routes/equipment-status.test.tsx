import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { expectListLayout } from '@tests/setup/list-layout';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { dayIn } from '@/entities/campaign/campaign-dates';
import { heartbeatAge, silenceText } from '@/entities/device/heartbeat-age';
import { EquipmentStatusRoute } from './equipment-status';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;

function device(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `e0000000-0000-4000-8000-00000000000${n}`,
    customer_id: 'c1',
    device_name: `DEVICE-${n}`,
    location: `Spot ${n}`,
    status: 'online',
    live_status: 'online',
    heartbeat_stale: false,
    is_active: true,
    last_heartbeat: ago(2 * MINUTE),
    last_content_update: '2026-01-15T10:00:00Z',
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-15T10:00:00Z',
    customer_name: 'Corner Cafe',
    customer_location: '12 Bleecker St, New York, NY',
    customer_contact_phone: '+1 212 555 0142',
    loop_seconds: 300,
    ...overrides,
  };
}

const GROUPS = [
  { id: 'g1', name: 'Gyms', colour: '#16a34a', description: null, created_at: '', updated_at: '' },
  { id: 'g2', name: 'City centre', colour: '#2563eb', description: null, created_at: '', updated_at: '' },
];

const pgError = (message: string) =>
  HttpResponse.json({ code: 'XX000', details: null, hint: null, message }, { status: 500 });

function answers(
  rows = [
    device(1),
    device(2, { status: 'online', live_status: 'offline', heartbeat_stale: true, last_heartbeat: ago(5 * MINUTE) }),
  ],
) {
  const queries: URLSearchParams[] = [];
  server.use(
    // An admin: the selection bar and its actions show for roles that may change screens.
    onUserRole('admin'),
    http.post(restUrl('/rpc/equipment_live_counts'), () =>
      HttpResponse.json({ online: 3, idle: 1, offline: 4, error: 2 }),
    ),
    http.get(restUrl('/screen_groups'), () => HttpResponse.json(GROUPS)),
    http.get(restUrl('/equipment_status_live'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json(rows, { headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` } });
    }),
    // A screen's details read its refused plays (none unless a test says otherwise).
    http.get(restUrl('/play_refusals'), () => HttpResponse.json([])),
    // A paired screen's card reads its last command and screenshot (none here).
    http.get(restUrl('/screen_commands'), () => HttpResponse.json([])),
  );
  return queries;
}

function renderPage(url = '/dashboard/equipment') {
  storeSession(fakeUser());
  return renderRoutes([{ path: '/dashboard/equipment', element: <EquipmentStatusRoute /> }], { url });
}

describe('heartbeat age', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('reads as a short age', () => {
    expect(heartbeatAge(null, now)).toBe('Never');
    expect(heartbeatAge('2026-03-01T11:59:30Z', now)).toBe('Just now');
    expect(heartbeatAge('2026-03-01T11:58:00Z', now)).toBe('2 min ago');
    expect(heartbeatAge('2026-03-01T09:00:00Z', now)).toBe('3 h ago');
    expect(heartbeatAge('2026-02-25T12:00:00Z', now)).toBe('4 d ago');
    expect(silenceText('2026-03-01T11:55:00Z', now)).toBe('No heartbeat for 5 min');
  });
});

describe('equipment status', () => {
  it('shows the counts by live status and a card per device', async () => {
    const queries = answers();
    renderPage();
    for (const [label, value] of [
      ['Online', '3'],
      ['Idle', '1'],
      ['Offline', '4'],
      ['Error', '2'],
    ] as const) {
      expect(await within(screen.getByRole('group', { name: label })).findByText(value)).toBeInTheDocument();
    }
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    expectListLayout({
      title: 'Equipment Status',
      action: 'Add screen',
      counters: 'Device counts',
      search: 'Search devices',
      list: 'Devices',
    });
    expect(card).toHaveTextContent('Spot 1');
    expect(card).toHaveTextContent('Corner Cafe');
    expect(card).toHaveTextContent('Online');
    expect(card).toHaveTextContent('2 min ago');
    expect(queries[0]?.get('order')).toBe('last_heartbeat.desc.nullslast,id.asc');
    expect(queries[0]?.get('limit')).toBe('24');
  });

  it('shows a silent device as offline, and says why', async () => {
    answers();
    renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-2' });
    expect(card).toHaveTextContent('Offline');
    expect(card).toHaveTextContent('No heartbeat for 5 min (counted as offline)');
  });

  it('checks one device again without reloading the list', async () => {
    const queries = answers();
    let single = 0;
    server.use(
      http.get(restUrl('/equipment_status_live'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('id')) {
          single += 1;
          expect(params.get('id')).toBe('eq.e0000000-0000-4000-8000-000000000001');
          return HttpResponse.json(device(1, { status: 'error', live_status: 'error', last_heartbeat: ago(10_000) }));
        }
        queries.push(params);
        return HttpResponse.json([device(1)], { headers: { 'Content-Range': '0-0/1' } });
      }),
    );
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    // Read once, then once more when the page's channel is live.
    await expect.poll(() => queries.length).toBe(2);
    await user.click(within(card).getByRole('button', { name: 'Check status of DEVICE-1' }));
    expect(await within(card).findByText('Error')).toBeInTheDocument();
    expect(card).toHaveTextContent('Just now');
    // The check says what it found, so a press never looks like nothing happened.
    expect(await screen.findByText('DEVICE-1: Error')).toBeInTheDocument();
    expect(screen.getByText('Last heartbeat: Just now.')).toBeInTheDocument();
    expect(single).toBe(1);
    expect(queries).toHaveLength(2);
  });

  it('shows every field of a device and its customer in a dialog', async () => {
    answers();
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    await user.click(within(card).getByRole('button', { name: 'View details of DEVICE-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'DEVICE-1' });
    for (const text of [
      'Spot 1',
      'Corner Cafe',
      '12 Bleecker St, New York, NY',
      '+1 212 555 0142',
      'Yes',
      'e0000000-0000-4000-8000-000000000001',
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
  });

  it('refreshes counts and devices', async () => {
    const queries = answers();
    let countCalls = 0;
    server.use(
      http.post(restUrl('/rpc/equipment_live_counts'), () => {
        countCalls += 1;
        return HttpResponse.json({ online: countCalls, idle: 0, offline: 0, error: 0 });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'DEVICE-1' });
    // Read once, then once more when the page's channel is live.
    await expect.poll(() => queries.length).toBe(2);
    expect(await within(screen.getByRole('group', { name: 'Online' })).findByText('2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(screen.getByRole('group', { name: 'Online' })).findByText('3')).toBeInTheDocument();
    await expect.poll(() => queries.length).toBe(3);
  });

  it('filters by live status and searches in the database', async () => {
    const queries = answers();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'DEVICE-1' });
    await user.selectOptions(screen.getByLabelText('Status'), 'error');
    await expect.poll(() => queries.at(-1)?.get('live_status')).toBe('eq.error');
    await user.type(screen.getByLabelText('Search devices'), 'cafe');
    await expect.poll(() => queries.at(-1)?.get('or')).toBe('(device_name.ilike."%cafe%",location.ilike."%cafe%")');
  });

  it('shows empty and error states', async () => {
    answers([]);
    renderPage();
    expect(await screen.findByText('No devices yet')).toBeInTheDocument();
  });

  it('shows load errors with a retry', async () => {
    // Failing until the retry (the read made when the page's channel is live fails as well).
    let failing = true;
    server.use(
      http.post(restUrl('/rpc/equipment_live_counts'), () => pgError('counts failed')),
      http.get(restUrl('/screen_groups'), () => HttpResponse.json(GROUPS)),
      http.get(restUrl('/equipment_status_live'), () =>
        failing ? pgError('devices failed') : HttpResponse.json([device(1)]),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText(/counts failed/)).toBeInTheDocument();
    expect(await screen.findByText('devices failed')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' }).at(-1)!);
    expect(await screen.findByRole('article', { name: 'DEVICE-1' })).toBeInTheDocument();
  });
});

describe('screen groups on Equipment', () => {
  it('names each screen’s groups on its card', async () => {
    answers([
      device(1, {
        groups: [
          { group: { id: 'g2', name: 'City centre', colour: '#2563eb' } },
          { group: { id: 'g1', name: 'Gyms', colour: '#16a34a' } },
        ],
      }),
      device(2, { groups: [] }),
    ]);
    renderPage();
    const first = await screen.findByRole('article', { name: 'DEVICE-1' });
    const chips = within(first).getByRole('list', { name: 'Groups of DEVICE-1' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['City centre', 'Gyms']);
    expect(within(screen.getByRole('article', { name: 'DEVICE-2' })).getByText('No groups')).toBeInTheDocument();
  });

  it('filters by group in the database, and reads the group from the address', async () => {
    const queries = answers();
    const { user, router } = renderPage();
    await screen.findByRole('article', { name: 'DEVICE-1' });
    expect(queries[0]?.get('in_group.group_id')).toBeNull();
    await user.selectOptions(await screen.findByLabelText('Group'), 'Gyms');
    // The database keeps the group's screens (an inner join on the members), and pages and counts them.
    await expect.poll(() => queries.at(-1)?.get('in_group.group_id')).toBe('eq.g1');
    expect(queries.at(-1)?.get('select')).toContain('in_group:screen_group_members!inner(group_id)');
    expect(queries.at(-1)?.get('limit')).toBe('24');
    expect(router.state.location.search).toContain('group=g1');
    await user.selectOptions(screen.getByLabelText('Group'), 'All screens');
    await expect.poll(() => queries.at(-1)?.get('in_group.group_id')).toBeNull();
  });

  it('shows only a group’s screens when the address names it', async () => {
    const queries = answers();
    renderPage('/dashboard/equipment?group=g2');
    await screen.findByRole('article', { name: 'DEVICE-1' });
    expect(queries[0]?.get('in_group.group_id')).toBe('eq.g2');
    expect(await screen.findByRole('option', { name: 'City centre', selected: true })).toBeInTheDocument();
  });

  it('adds the ticked screens to a group in one insert, by keyboard', async () => {
    answers([device(1), device(2), device(3)]);
    const inserts: unknown[] = [];
    const urls: URL[] = [];
    server.use(
      http.post(restUrl('/screen_group_members'), async ({ request }) => {
        urls.push(new URL(request.url));
        inserts.push(await request.json());
        // The database's count of rows inserted: DEVICE-3 was in the group already.
        return new HttpResponse(null, { status: 201, headers: { 'Content-Range': '*/1' } });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'DEVICE-1' });
    const add = await screen.findByRole('button', { name: 'Add to group…' });
    expect(add).toBeDisabled();
    // Tick two screens with the keyboard: focus the checkbox, press Space.
    screen.getByRole('checkbox', { name: 'Select DEVICE-1' }).focus();
    await user.keyboard(' ');
    screen.getByRole('checkbox', { name: 'Select DEVICE-3' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add 2 screens to a group' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to group' }));
    expect(within(dialog).getByLabelText('Group')).toHaveAccessibleDescription('Choose a group');
    expect(inserts).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Group'), 'Gyms');
    await user.click(within(dialog).getByRole('button', { name: 'Add to group' }));
    expect(await screen.findByText('1 screen added to Gyms')).toBeInTheDocument();
    expect(screen.getByText('1 screen was already in it.')).toBeInTheDocument();
    expect(inserts).toEqual([
      [
        { group_id: 'g1', device_id: 'e0000000-0000-4000-8000-000000000001' },
        { group_id: 'g1', device_id: 'e0000000-0000-4000-8000-000000000003' },
      ],
    ]);
    // Screens already in the group are left as they are.
    expect(urls[0]?.searchParams.get('on_conflict')).toBe('group_id,device_id');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('No screens selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select DEVICE-1' })).not.toBeChecked();
  });

  it('shows the database’s refusal of a screen whose loop would overflow, and adds nothing', async () => {
    answers();
    server.use(
      http.post(restUrl('/screen_group_members'), () =>
        HttpResponse.json(
          {
            code: 'PT409',
            details: null,
            hint: null,
            message: 'DEVICE-2 would be booked 320 s of its 300 s loop on 2026-12-01 at 07:00.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'DEVICE-1' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select DEVICE-2' }));
    await user.click(screen.getByRole('button', { name: 'Add to group…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 1 screen to a group' });
    await user.selectOptions(within(dialog).getByLabelText('Group'), 'Gyms');
    await user.click(within(dialog).getByRole('button', { name: 'Add to group' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'DEVICE-2 would be booked 320 s of its 300 s loop on 2026-12-01 at 07:00.',
    );
    // The choice stays, to pick another group or cancel.
    expect(within(dialog).getByLabelText('Group')).toHaveValue('g1');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('takes every screen of the page out of a group in one delete, and shows a refusal in the dialog', async () => {
    answers([device(1), device(2)]);
    const deletes: URLSearchParams[] = [];
    server.use(
      http.delete(restUrl('/screen_group_members'), ({ request }) => {
        deletes.push(new URL(request.url).searchParams);
        return deletes.length === 1
          ? HttpResponse.json(
              { code: '42501', details: null, hint: null, message: 'permission denied' },
              { status: 403 },
            )
          : new HttpResponse(null, { status: 204, headers: { 'Content-Range': '*/2' } });
      }),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'DEVICE-1' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select DEVICE-2' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Remove from group…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 2 screens from a group' });
    await user.selectOptions(within(dialog).getByLabelText('Group'), 'City centre');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from group' }));
    expect(await within(dialog).findByText('permission denied')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove from group' }));
    expect(await screen.findByText('2 screens removed from City centre')).toBeInTheDocument();
    expect(deletes).toHaveLength(2);
    expect(deletes[1]?.get('group_id')).toBe('eq.g2');
    expect(deletes[1]?.get('device_id')).toBe(
      'in.(e0000000-0000-4000-8000-000000000001,e0000000-0000-4000-8000-000000000002)',
    );
  });
});

describe('Add screen', () => {
  const VENUES = [
    { id: 'c1', name: 'Corner Cafe', location: '12 Bleecker St, New York, NY' },
    { id: 'c2', name: 'Peak Gym', location: null },
  ];

  function pairing(reply: (body: Record<string, unknown>) => Response) {
    const calls: Record<string, unknown>[] = [];
    server.use(
      http.get(restUrl('/customers'), () => HttpResponse.json(VENUES)),
      http.post(restUrl('/rpc/pair_screen'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(body);
        return reply(body);
      }),
    );
    return calls;
  }

  it('pairs the code a screen shows with a venue, a name and an orientation', async () => {
    answers();
    const calls = pairing(() => HttpResponse.json('de000000-0000-4000-8000-000000000009'));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add screen' });
    await user.type(within(dialog).getByLabelText('Pairing code'), 'abc-234');
    await user.selectOptions(await within(dialog).findByLabelText('Venue'), 'c2');
    await user.type(within(dialog).getByLabelText('Screen name'), '  Front window ');
    await user.selectOptions(within(dialog).getByLabelText('Orientation'), 'portrait');
    await user.click(within(dialog).getByRole('button', { name: 'Pair screen' }));

    expect(await screen.findByText('Front window paired')).toBeInTheDocument();
    expect(calls).toEqual([
      { p_code: 'ABC234', p_customer_id: 'c2', p_device_name: 'Front window', p_orientation: 'portrait' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Add screen' })).not.toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    answers();
    const calls = pairing(() => HttpResponse.json('x'));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add screen' });
    await user.type(within(dialog).getByLabelText('Pairing code'), 'AB1');
    await user.click(within(dialog).getByRole('button', { name: 'Pair screen' }));
    expect(await within(dialog).findByText('Enter the 6-character code the screen shows')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the venue of this screen')).toBeInTheDocument();
    expect(within(dialog).getByText('Name the screen, for example Front window')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('marks a code the server refuses at its field and keeps what was typed', async () => {
    answers();
    pairing(() =>
      HttpResponse.json(
        { code: 'P0002', message: 'This pairing code is not valid or has expired.', details: null, hint: null },
        { status: 404 },
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add screen' });
    await user.type(within(dialog).getByLabelText('Pairing code'), 'ZZZ222');
    await user.selectOptions(await within(dialog).findByLabelText('Venue'), 'c1');
    await user.type(within(dialog).getByLabelText('Screen name'), 'Lobby');
    await user.click(within(dialog).getByRole('button', { name: 'Pair screen' }));

    expect(await within(dialog).findByText('This pairing code is not valid or has expired.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pairing code')).toHaveFocus();
    expect(within(dialog).getByLabelText('Screen name')).toHaveValue('Lobby');
  });

  it('opens with the code from the QR code’s link', async () => {
    answers();
    pairing(() => HttpResponse.json('x'));
    renderPage('/dashboard/equipment?pair=QRC234');
    const dialog = await screen.findByRole('dialog', { name: 'Add screen' });
    expect(within(dialog).getByLabelText('Pairing code')).toHaveValue('QRC234');
  });
});

describe('a device card', () => {
  it('renames a device and moves it to another venue', async () => {
    answers([device(1)]);
    const updates: { body: unknown; id: string | null }[] = [];
    server.use(
      http.get(restUrl('/customers'), () => HttpResponse.json([{ id: 'c2', name: 'Peak Gym', location: null }])),
      http.patch(restUrl('/equipment_status'), async ({ request }) => {
        updates.push({ body: await request.json(), id: new URL(request.url).searchParams.get('id') });
        return HttpResponse.json({ id: 'e0000000-0000-4000-8000-000000000001' });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit DEVICE-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit device' });
    await user.clear(within(dialog).getByLabelText('Screen name'));
    await user.type(within(dialog).getByLabelText('Screen name'), 'Bar screen');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Venue' }), 'c2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bar screen saved')).toBeInTheDocument();
    expect(updates).toEqual([
      {
        body: { device_name: 'Bar screen', orientation: 'landscape', customer_id: 'c2', loop_seconds: 300 },
        id: 'eq.e0000000-0000-4000-8000-000000000001',
      },
    ]);
  });

  it('shortens a screen’s loop, and shows a refusal that would overbook it at the loop field with the edits kept', async () => {
    answers([device(1)]);
    const bodies: unknown[] = [];
    const refusal =
      'DEVICE-1 at Corner Cafe would be overbooked on Tue 01 Dec 2026 from 07:00: 40 s of its 30 s loop booked.';
    server.use(
      http.patch(restUrl('/equipment_status'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { code: 'PT409', message: refusal, details: null, hint: 'Book fewer spots or a shorter slide.' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit DEVICE-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit device' });
    const loop = within(dialog).getByLabelText('Loop length (seconds)');
    expect(loop).toHaveValue(300);

    await user.clear(loop);
    await user.type(loop, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least 30 seconds')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(loop);
    await user.type(loop, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(loop).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(bodies).toEqual([
      { device_name: 'DEVICE-1', orientation: 'landscape', customer_id: 'c1', loop_seconds: 30 },
    ]);
    expect(screen.getByRole('dialog', { name: 'Edit device' })).toBeInTheDocument();
    expect(loop).toHaveValue(30);
  });

  it('deletes a device after asking', async () => {
    answers([device(1)]);
    const deleted: (string | null)[] = [];
    server.use(
      http.delete(restUrl('/equipment_status'), ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete DEVICE-1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete DEVICE-1?' });
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('DEVICE-1 deleted')).toBeInTheDocument();
    expect(deleted).toEqual(['eq.e0000000-0000-4000-8000-000000000001']);
  });

  it('revokes a paired screen after asking', async () => {
    answers([device(1, { paired: true, orientation: 'portrait' })]);
    const revoked: unknown[] = [];
    server.use(
      http.post(restUrl('/rpc/revoke_screen'), async ({ request }) => {
        revoked.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByText(/Paired screen · Portrait/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke DEVICE-1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke DEVICE-1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('DEVICE-1 revoked')).toBeInTheDocument();
    expect(revoked).toEqual([{ p_device_id: 'e0000000-0000-4000-8000-000000000001' }]);
  });

  it('shows what each screen plays now, its player and what it kept off the wall', async () => {
    answers([
      device(1, {
        current_campaign_name: 'Cafe Daily Specials',
        current_slide_title: 'Morning latte',
        resolution: '1920x1080',
        app_version: '0.1.0 (2026-11-24)',
        diagnostics: 'weather: Failed to fetch',
      }),
      device(2),
    ]);
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    expect(within(card).getByText('Cafe Daily Specials · Morning latte')).toBeInTheDocument();
    expect(within(card).getByText('1920x1080 · version 0.1.0 (2026-11-24)')).toBeInTheDocument();
    expect(within(card).getByText('weather: Failed to fetch')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'DEVICE-2' })).getByText('Nothing reported')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'View details of DEVICE-1' }));
    const details = await screen.findByRole('dialog', { name: 'DEVICE-1' });
    expect(within(details).getByText('Resolution').nextSibling).toHaveTextContent('1920x1080');
    expect(within(details).getByText('Screen reports').nextSibling).toHaveTextContent('weather: Failed to fetch');
  });

  it('says how many of a screen’s plays were refused today, in the venue’s day, and why', async () => {
    answers();
    const zone = 'America/New_York';
    const today = dayIn(zone);
    const yesterday = dayIn(zone, new Date(Date.now() - 86_400_000));
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(restUrl('/play_refusals'), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json([
          { day: today, reason: 'not_scheduled', plays: 12, customers: { time_zone: zone } },
          { day: yesterday, reason: 'overlapping', plays: 40, customers: { time_zone: zone } },
        ]);
      }),
    );
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    await user.click(within(card).getByRole('button', { name: 'View details of DEVICE-1' }));
    const details = await screen.findByRole('dialog', { name: 'DEVICE-1' });
    await waitFor(() =>
      expect(within(details).getByText('Refused plays').nextSibling).toHaveTextContent(
        '12 plays refused today: not scheduled',
      ),
    );
    expect(asked[0]!.get('device_id')).toBe('eq.e0000000-0000-4000-8000-000000000001');
  });

  it('lists each reason when a screen’s plays were refused for several, and offers a retry when the read fails', async () => {
    answers();
    const zone = 'Asia/Tokyo';
    let fail = true;
    server.use(
      http.get(restUrl('/play_refusals'), () =>
        fail
          ? pgError('connection lost')
          : HttpResponse.json([
              { day: dayIn(zone), reason: 'overlapping', plays: 3, customers: { time_zone: zone } },
              { day: dayIn(zone), reason: 'not_scheduled', plays: 9, customers: { time_zone: zone } },
            ]),
      ),
    );
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    await user.click(within(card).getByRole('button', { name: 'View details of DEVICE-1' }));
    const details = await screen.findByRole('dialog', { name: 'DEVICE-1' });
    await within(details).findByText('Could not read refused plays.');
    fail = false;
    await user.click(within(details).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(within(details).getByText('Refused plays').nextSibling).toHaveTextContent(
        '12 plays refused today: 9 not scheduled, 3 overlapping',
      ),
    );
  });

  it('says Revoked for a revoked screen, with nothing playing and no silence to worry about', async () => {
    answers([
      device(1, {
        status: 'offline',
        live_status: 'offline',
        heartbeat_stale: true,
        last_heartbeat: ago(10 * MINUTE),
        revoked_at: ago(4 * MINUTE),
        paired: false,
        // What it played before the revoke, should a row still name it.
        current_campaign_name: 'Cafe Daily Specials',
        current_slide_title: 'Morning latte',
      }),
    ]);
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    expect(within(card).getByText('Revoked')).toBeInTheDocument();
    expect(card).not.toHaveTextContent(/Online|Offline/);
    expect(card).not.toHaveTextContent('Cafe Daily Specials');
    expect(card).toHaveTextContent('Nothing: revoked');
    expect(card).toHaveTextContent('Revoked 4 min ago: off the air until it is paired again.');
    expect(card).not.toHaveTextContent('No heartbeat for');
    // No longer paired: nothing to revoke; it can be merged into the device it became.
    expect(within(card).queryByRole('button', { name: 'Revoke DEVICE-1' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Merge DEVICE-1 into another device' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'View details of DEVICE-1' }));
    const details = await screen.findByRole('dialog', { name: 'DEVICE-1' });
    expect(within(details).getByText('Status').nextSibling).toHaveTextContent(/^Revoked$/);
    expect(within(details).getByText('Revoked', { selector: 'dt' })).toBeInTheDocument();
    expect(within(details).getByText('Now playing').nextSibling).toHaveTextContent('Nothing: revoked');
  });

  it('says Revoked at once after a revoke, and Check Status says so too', async () => {
    const rows = [
      device(1, {
        paired: true,
        last_heartbeat: ago(0),
        current_campaign_name: 'Cafe Daily Specials',
        current_slide_title: 'Morning latte',
      }),
    ];
    answers(rows);
    server.use(
      http.post(restUrl('/rpc/revoke_screen'), () => {
        rows[0] = device(1, {
          status: 'offline',
          live_status: 'offline',
          paired: false,
          last_heartbeat: ago(0),
          revoked_at: ago(0),
        });
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(restUrl('/equipment_status_live'), ({ request }) => {
        const single = new URL(request.url).searchParams.get('id');
        return single
          ? HttpResponse.json(rows[0])
          : HttpResponse.json(rows, { headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` } });
      }),
    );
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    expect(card).toHaveTextContent('Online');
    expect(card).toHaveTextContent('Cafe Daily Specials · Morning latte');
    await user.click(within(card).getByRole('button', { name: 'Revoke DEVICE-1' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Revoke DEVICE-1?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await within(card).findByText('Revoked')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Online');
    expect(card).not.toHaveTextContent('Cafe Daily Specials');

    await user.click(within(card).getByRole('button', { name: 'Check status of DEVICE-1' }));
    expect(await screen.findByText('DEVICE-1: Revoked')).toBeInTheDocument();
  });

  it('shows the kept device’s own status after a merge, and says it merged when Realtime removed the card first', async () => {
    const realtime = mockRealtime();
    const rows = [
      device(1, { device_name: 'Screen 1a2b3c4d', live_status: 'online', last_heartbeat: ago(MINUTE) }),
      device(2, {
        device_name: 'Front window',
        live_status: 'offline',
        heartbeat_stale: true,
        last_heartbeat: ago(120 * MINUTE),
      }),
    ];
    answers(rows);
    server.use(
      http.get(restUrl('/equipment_status'), () =>
        HttpResponse.json([
          { id: 'e0000000-0000-4000-8000-000000000002', device_name: 'Front window', location: null },
        ]),
      ),
      http.post(restUrl('/rpc/merge_devices'), async () => {
        // The server folds the ghost in and leaves the kept device's report as it was; the
        // page hears of the delete before the call's answer arrives.
        const [ghost] = rows.splice(0, 1);
        realtime.change('equipment_status', 'DELETE', { id: ghost!.id });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    await realtime.joined('equipment_status');
    await user.click(await screen.findByRole('button', { name: 'Merge Screen 1a2b3c4d into another device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Screen 1a2b3c4d into another device' });
    expect(dialog).toHaveTextContent('The device you keep keeps its own status until it reports.');
    await user.selectOptions(within(dialog).getByLabelText('Merge into'), 'Front window');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Screen 1a2b3c4d' })).not.toBeInTheDocument());
    expect(await screen.findByText('Screen 1a2b3c4d merged into Front window')).toBeInTheDocument();
    const kept = screen.getByRole('article', { name: 'Front window' });
    expect(kept).toHaveTextContent('Offline');
    expect(kept).toHaveTextContent('No heartbeat for 2 h');
  });

  it('merges a device into another of its venue after a choice, by keyboard', async () => {
    answers([device(1, { device_name: 'Screen 1a2b3c4d' }), device(2, { device_name: 'Front window' })]);
    const merged: unknown[] = [];
    server.use(
      http.get(restUrl('/equipment_status'), () =>
        HttpResponse.json([
          { id: 'e0000000-0000-4000-8000-000000000002', device_name: 'Front window', location: null },
          { id: 'e0000000-0000-4000-8000-000000000001', device_name: 'Screen 1a2b3c4d', location: null },
        ]),
      ),
      http.post(restUrl('/rpc/merge_devices'), async ({ request }) => {
        merged.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    const merge = await screen.findByRole('button', { name: 'Merge Screen 1a2b3c4d into another device' });
    merge.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Merge Screen 1a2b3c4d into another device' });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText('Choose the device to keep')).toBeInTheDocument();
    expect(merged).toEqual([]);
    // The device itself is not offered.
    const select = within(dialog).getByLabelText('Merge into');
    expect(within(select).queryByRole('option', { name: 'Screen 1a2b3c4d' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'Front window');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Screen 1a2b3c4d merged into Front window')).toBeInTheDocument();
    expect(merged).toEqual([
      { p_from: 'e0000000-0000-4000-8000-000000000001', p_into: 'e0000000-0000-4000-8000-000000000002' },
    ]);
  });

  it('keeps the choice and shows why when the merge is refused; a paired screen offers no merge', async () => {
    answers([device(1), device(2), device(3, { paired: true })]);
    server.use(
      http.get(restUrl('/equipment_status'), () =>
        HttpResponse.json([{ id: 'e0000000-0000-4000-8000-000000000002', device_name: 'DEVICE-2', location: null }]),
      ),
      http.post(restUrl('/rpc/merge_devices'), () =>
        HttpResponse.json(
          { code: '23514', message: 'Only devices of the same venue can be merged.', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('article', { name: 'DEVICE-3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge DEVICE-3 into another device' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Merge DEVICE-1 into another device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge DEVICE-1 into another device' });
    await user.selectOptions(within(dialog).getByLabelText('Merge into'), 'DEVICE-2');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only devices of the same venue can be merged.');
    expect(within(dialog).getByLabelText('Merge into')).toHaveValue('e0000000-0000-4000-8000-000000000002');
  });
});

describe('equipment status, live', () => {
  it('turns a playing screen’s card to Revoked when another admin revokes it', async () => {
    const realtime = mockRealtime();
    const rows = [
      device(1, {
        paired: true,
        last_heartbeat: ago(0),
        current_campaign_name: 'Cafe Daily Specials',
        current_slide_title: 'Morning latte',
      }),
    ];
    answers(rows);
    renderPage();
    const card = await screen.findByRole('article', { name: 'DEVICE-1' });
    expect(card).toHaveTextContent('Online');
    await realtime.joined('equipment_status');

    const revokedAt = ago(0);
    rows[0] = device(1, { status: 'offline', live_status: 'offline', paired: false, revoked_at: revokedAt });
    realtime.change('equipment_status', 'UPDATE', { id: rows[0].id, status: 'offline', revoked_at: revokedAt });
    expect(await within(card).findByText('Revoked')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Cafe Daily Specials');
    expect(card).toHaveTextContent('Revoked just now');
  });

  it('shows a new screen and a screen coming back online without a refresh', async () => {
    const realtime = mockRealtime();
    const rows = [device(2, { live_status: 'offline', heartbeat_stale: true, last_heartbeat: ago(9 * MINUTE) })];
    answers(rows);
    renderPage();
    expect(await screen.findByText('No heartbeat for 9 min', { exact: false })).toBeInTheDocument();
    await realtime.joined('equipment_status');

    rows[0] = device(2, { live_status: 'online', last_heartbeat: ago(0) });
    rows.push(device(3, { device_name: 'Front window' }));
    realtime.change('equipment_status', 'UPDATE', { id: rows[0].id, last_heartbeat: new Date().toISOString() });
    expect(await screen.findByRole('heading', { name: 'Front window' })).toBeInTheDocument();
    expect(screen.queryByText('No heartbeat for 9 min', { exact: false })).not.toBeInTheDocument();
  });
});

describe('bulk actions on Equipment', () => {
  it('revokes the ticked screens in one call after asking, and sums up what changed', async () => {
    answers([device(1), device(2), device(3)]);
    const calls: unknown[] = [];
    server.use(
      http.post(restUrl('/rpc/bulk_revoke_screens'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json(2);
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select DEVICE-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select DEVICE-3' }));
    await user.click(screen.getByRole('button', { name: 'Revoke…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke 2 screens' });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke 2 screens' }));
    expect(await screen.findByText('Revoked 2 screens')).toBeInTheDocument();
    expect(calls).toEqual([
      { p_device_ids: ['e0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000003'] },
    ]);
    expect(screen.getByText('No screens selected')).toBeInTheDocument();
  });

  it('moves every screen of the page to a venue, and shows a refusal without clearing the selection', async () => {
    answers([device(1), device(2)]);
    server.use(
      http.get(restUrl('/customers'), () =>
        HttpResponse.json([{ id: 'c2', name: 'Peak Gym', location: null, time_zone: 'America/New_York' }]),
      ),
      http.post(restUrl('/rpc/bulk_move_screens'), () =>
        HttpResponse.json(
          { code: 'PT409', details: null, hint: null, message: 'Screen DEVICE-2 would be overbooked.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to venue…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to venue 2 screens' });
    await user.selectOptions(await within(dialog).findByLabelText('Venue'), 'Peak Gym');
    await user.click(within(dialog).getByRole('button', { name: 'Move to venue 2 screens' }));
    expect(await within(dialog).findByText('Screen DEVICE-2 would be overbooked.')).toBeInTheDocument();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('shows no selection to a role that may not change screens', async () => {
    answers();
    server.use(onUserRole('sales'));
    renderPage();
    await screen.findByRole('article', { name: 'DEVICE-1' });
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selected screens' })).not.toBeInTheDocument());
    expect(screen.queryByRole('checkbox', { name: 'Select DEVICE-1' })).not.toBeInTheDocument();
  });
});
