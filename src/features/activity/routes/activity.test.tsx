import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { ActivityRoute } from './activity';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const PAUSED = {
  id: 12,
  at: hoursAgo(2),
  actor_id: 'u-olivia',
  actor_email: 'olivia@example.com',
  actor_role: 'operator',
  table_name: 'campaigns',
  row_id: 'ca1',
  row_label: 'Summer Menu',
  action: 'update',
  before: { status: 'active', priority: 1 },
  after: { status: 'paused', priority: 2 },
};
const ADDED = {
  id: 11,
  at: hoursAgo(5),
  actor_id: null,
  actor_email: null,
  actor_role: 'system',
  table_name: 'system_alerts',
  row_id: 'al1',
  row_label: 'Window screen offline',
  action: 'insert',
  before: null,
  after: { id: 'al1', alert_type: 'offline', severity: 'high', message: 'Window screen offline' },
};
const TEAM = [
  { id: 'u-admin', email: 'admin@example.com', role: 'admin' },
  { id: 'u-olivia', email: 'olivia@example.com', role: 'operator' },
];

/** Answers audit_entries with `rows` (each carrying the total) and records every call's arguments. */
function answers(rows: object[] = [PAUSED, ADDED], total = rows.length) {
  const calls: Record<string, unknown>[] = [];
  server.use(
    http.post(restUrl('/rpc/audit_entries'), async ({ request }) => {
      calls.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(rows.map((r) => ({ ...r, total_count: total })));
    }),
    http.get(restUrl('/users'), () => HttpResponse.json(TEAM)),
  );
  return calls;
}

function renderPage(url = '/dashboard/activity') {
  storeSession(fakeUser());
  return renderRoutes([{ path: '/dashboard/activity', element: <ActivityRoute /> }], { url });
}

describe('Activity', () => {
  it('reads each change as a sentence, with every changed field before → after', async () => {
    const calls = answers();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const paused = await screen.findByRole('article', {
      name: 'olivia@example.com (operator) changed campaign “Summer Menu”',
    });
    expect(paused).toHaveTextContent(
      'olivia@example.com (operator) changed campaign “Summer Menu”: status active → paused; priority 1 → 2',
    );
    expect(within(paused).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(paused).getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'active → paused',
    );
    const added = screen.getByRole('article', { name: 'The system added alert “Window screen offline”' });
    expect(within(added).getByText('Added')).toBeInTheDocument();
    expect(screen.getByText('2 changes')).toBeInTheDocument();
    // Paged by the database, newest first.
    expect(calls[0]).toMatchObject({ p_limit: 25, p_offset: 0 });
    expect(calls[0]).not.toHaveProperty('p_table');
  });

  it('filters by kind of record, person, change and period, and searches, in the database and the address', async () => {
    const calls = answers();
    const { user, router } = renderPage();
    await screen.findByRole('article', { name: /Summer Menu/ });

    await user.selectOptions(screen.getByLabelText('Kind of record'), 'Campaign');
    await user.selectOptions(await screen.findByLabelText('Person'), 'olivia@example.com (operator)');
    await user.selectOptions(screen.getByLabelText('Change'), 'Changed');
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await user.type(screen.getByLabelText('Search activity'), 'paused');

    await waitFor(() => expect(calls.at(-1)).toMatchObject({ p_search: 'paused' }));
    const last = calls.at(-1)!;
    expect(last).toMatchObject({ p_table: 'campaigns', p_actor: 'u-olivia', p_action: 'update', p_offset: 0 });
    const from = Date.parse(String(last.p_from));
    expect(Date.now() - from).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(Date.now() - from).toBeLessThan(7 * 86_400_000 + 60_000);
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      table: 'campaigns',
      actor: 'u-olivia',
      action: 'update',
      period: 'week',
      q: 'paused',
    });
  });

  it('pages through the trail with the page in the address', async () => {
    const calls = answers([PAUSED, ADDED], 60);
    const { user, router } = renderPage();
    expect(await screen.findByText('Showing 1–25 of 60 changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ p_offset: 25, p_limit: 25 }));
    expect(router.state.location.search).toBe('?page=1');
    expect(await screen.findByText('Showing 26–50 of 60 changes')).toBeInTheDocument();
  });

  it('opens on one record from its detail page, and widens to every record of its kind', async () => {
    const calls = answers([PAUSED]);
    const { user, router } = renderPage('/dashboard/activity?table=campaigns&record=ca1');
    expect(await screen.findByText(/Only the changes to one campaign \(“Summer Menu”\)/)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ p_table: 'campaigns', p_row_id: 'ca1' });
    await user.click(screen.getByRole('button', { name: 'Show every campaign' }));
    await waitFor(() => expect(calls.at(-1)).not.toHaveProperty('p_row_id'));
    expect(router.state.location.search).toBe('?table=campaigns');
  });

  it('says so when nothing matches, and shows a failed read with a retry', async () => {
    answers([]);
    renderPage('/dashboard/activity?action=delete');
    expect(await screen.findByText('No changes match')).toBeInTheDocument();

    let calls = 0;
    server.use(
      http.post(restUrl('/rpc/audit_entries'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { code: '42501', message: 'Only team members read the audit trail.', details: null, hint: null },
              { status: 403 },
            )
          : HttpResponse.json([{ ...PAUSED, total_count: 1 }]);
      }),
    );
    const { user } = renderPage('/dashboard/activity?period=day');
    expect(await screen.findByText('Activity could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByRole('article', { name: /Summer Menu/ })).toBeInTheDocument();
  });
});
