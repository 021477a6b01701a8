import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { AlertsCentreRoute } from './alerts-centre';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;

function alert(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `a1e00000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    alert_type: 'offline',
    severity: 'high',
    message: `Alert number ${n}`,
    created_at: ago(n * HOUR),
    resolved: false,
    resolved_at: null,
    acknowledged_at: null,
    acknowledged_by_email: null,
    acknowledge_note: null,
    customer_id: 'c1',
    venue_name: 'Corner Cafe',
    device_id: 'e1',
    device_name: 'CAFE-COUNTER-01',
    ...overrides,
  };
}

/** The database's answers: alerts_page gives `rows` with `total`; every call's arguments are kept. */
function answers(
  rows = [
    alert(1),
    alert(2, { acknowledged_at: ago(HOUR), acknowledged_by_email: 'ops@example.com', acknowledge_note: 'On it' }),
  ],
  total = rows.length,
  role = 'admin',
) {
  const pages: Record<string, unknown>[] = [];
  server.use(
    onUserRole(role),
    http.post(restUrl('/rpc/alerts_page'), async ({ request }) => {
      pages.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(rows.map((r) => ({ ...r, total_count: total })));
    }),
    http.get(restUrl('/customers'), () =>
      HttpResponse.json([
        { id: 'c1', name: 'Corner Cafe', location: null, time_zone: 'America/New_York' },
        { id: 'c2', name: 'Peak Gym', location: null, time_zone: 'America/New_York' },
      ]),
    ),
    http.get(restUrl('/equipment_status'), () =>
      HttpResponse.json([{ id: 'e3', device_name: 'GYM-ENTRANCE-01', location: null }]),
    ),
  );
  return pages;
}

function renderCentre(url = '/dashboard/alerts') {
  storeSession(fakeUser());
  return renderRoutes([{ path: '/dashboard/alerts', element: <AlertsCentreRoute /> }], { url });
}

describe('alerts centre', () => {
  it('lists unresolved alerts by default, with who acknowledged one and why', async () => {
    const pages = answers();
    renderCentre();
    const list = await screen.findByRole('list', { name: 'Alerts' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Alert number 1');
    expect(first).toHaveTextContent('Screen offline');
    expect(first).toHaveTextContent('Open');
    expect(first).toHaveTextContent('Corner Cafe · CAFE-COUNTER-01');
    expect(second).toHaveTextContent('Acknowledged by ops@example.com');
    expect(second).toHaveTextContent('On it');
    expect(pages[0]).toMatchObject({ p_state: 'unresolved', p_limit: 25, p_offset: 0 });
    expect(screen.getByLabelText('State')).toHaveValue('unresolved');
  });

  it('reads its filters and page from the address, and writes a change back to it', async () => {
    const pages = answers([alert(1)], 60);
    const { user, router } = renderCentre(
      '/dashboard/alerts?state=acknowledged&type=clock_skew&venue=c2&period=168&page=1&q=window',
    );
    await screen.findByRole('list', { name: 'Alerts' });
    expect(pages[0]).toMatchObject({
      p_state: 'acknowledged',
      p_types: ['clock_skew'],
      p_customer_id: 'c2',
      p_since_hours: 168,
      p_search: 'window',
      p_offset: 25,
    });
    expect(screen.getByLabelText('Type')).toHaveValue('clock_skew');
    expect(screen.getByText(/Showing 26–50 of 60 alerts/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Severity'), 'High');
    await waitFor(() => expect(router.state.location.search).toContain('severity=high'));
    // A new filter starts again at the first page.
    expect(router.state.location.search).not.toContain('page=');
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ p_severities: ['high'], p_offset: 0 }));

    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(router.state.location.search).toContain('page=1'));
  });

  it('acknowledges the ticked alerts in one call with a note, and says how many', async () => {
    answers([alert(1), alert(2), alert(3)]);
    const calls: unknown[] = [];
    server.use(
      http.post(restUrl('/rpc/acknowledge_alerts'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json(2);
      }),
    );
    const { user } = renderCentre();
    await user.click(await screen.findByRole('checkbox', { name: 'Select: Alert number 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select: Alert number 3' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Acknowledge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge 2 alerts' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Technician on Friday');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('2 alerts acknowledged')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        p_ids: ['a1e00000-0000-4000-8000-000000000001', 'a1e00000-0000-4000-8000-000000000003'],
        p_note: 'Technician on Friday',
      },
    ]);
    expect(screen.getByText('No alerts selected')).toBeInTheDocument();
  });

  it('resolves the whole page after asking, and shows a refusal', async () => {
    answers([alert(1), alert(2)]);
    server.use(
      http.post(restUrl('/rpc/resolve_alerts'), () =>
        HttpResponse.json(
          {
            code: 'P0002',
            details: null,
            hint: null,
            message: '1 of the chosen alerts no longer exist; nothing was changed.',
          },
          { status: 404 },
        ),
      ),
    );
    const { user } = renderCentre();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Resolve…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Resolve 2 alerts' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(
      await within(dialog).findByText('1 of the chosen alerts no longer exist; nothing was changed.'),
    ).toBeInTheDocument();
  });

  it('lets a viewer read but not acknowledge or resolve', async () => {
    answers(undefined, undefined, 'viewer');
    renderCentre();
    const list = await screen.findByRole('list', { name: 'Alerts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selected alerts' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Resolve/ })).not.toBeInTheDocument();
  });

  it('says so when nothing matches, with a way back to every unresolved alert', async () => {
    answers([], 0);
    const { user, router } = renderCentre('/dashboard/alerts?type=storage_low');
    expect(await screen.findByText('No alerts match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
