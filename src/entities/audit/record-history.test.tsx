import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { RecordHistory } from './record-history';

const at = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function renderHistory() {
  storeSession(fakeUser());
  return renderRoutes([{ path: '/', element: <RecordHistory table="equipment_status" rowId="e1" /> }]);
}

describe('RecordHistory', () => {
  it('says who edited the record and when, lists its last changes and links to all of them', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post(restUrl('/rpc/audit_entries'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json([
          {
            id: 3,
            at: at(2),
            actor_id: 'u1',
            actor_email: 'admin@example.com',
            actor_role: 'admin',
            table_name: 'equipment_status',
            row_id: 'e1',
            row_label: 'Front Window',
            action: 'update',
            before: { device_name: 'Window' },
            after: { device_name: 'Front Window' },
            total_count: 2,
          },
          {
            id: 1,
            at: at(30),
            actor_id: null,
            actor_email: null,
            actor_role: 'system',
            table_name: 'equipment_status',
            row_id: 'e1',
            row_label: 'Window',
            action: 'insert',
            before: null,
            after: { device_name: 'Window' },
            total_count: 2,
          },
        ]);
      }),
    );
    renderHistory();
    expect(await screen.findByText(/Edited by/)).toHaveTextContent('Edited by admin@example.com · 2 hours ago');
    expect(screen.getByText('Device name: Window → Front Window')).toBeInTheDocument();
    expect(screen.getByText(/The system added screen “Window”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All changes to this screen' })).toHaveAttribute(
      'href',
      '/dashboard/activity?table=equipment_status&record=e1',
    );
    expect(calls[0]).toMatchObject({ p_table: 'equipment_status', p_row_id: 'e1', p_limit: 3, p_offset: 0 });
  });

  it('says when nothing is recorded yet', async () => {
    server.use(http.post(restUrl('/rpc/audit_entries'), () => HttpResponse.json([])));
    renderHistory();
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
