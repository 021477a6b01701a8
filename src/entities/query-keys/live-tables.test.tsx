import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { useLiveTables } from './live-tables';
import { tableKeys } from './table-keys';

/** A page that reads a name once and follows the table live, as the Equipment page does. */
function LivePage({ read }: { read: () => string }) {
  useLiveTables('test-page', ['equipment_status']);
  const { data } = useQuery({ queryKey: [...tableKeys.equipment_status, 'name'], queryFn: read, staleTime: Infinity });
  return <p>{data ?? 'loading'}</p>;
}

function renderLivePage(read: () => string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LivePage read={read} />
    </QueryClientProvider>,
  );
}

describe('useLiveTables', () => {
  it('reads again once subscribed: a change made between the first read and the subscription is not missed', async () => {
    const realtime = mockRealtime({ holdJoins: true });
    let name = 'Lobby';
    renderLivePage(() => name);
    await screen.findByText('Lobby');
    // Renamed after the page's read, before Realtime sends anything: no change will come for it.
    name = 'Lobby, renamed';
    realtime.releaseJoins();
    await realtime.joined('equipment_status');
    await waitFor(() => expect(screen.getByText('Lobby, renamed')).toBeTruthy());
  });

  it('reads again on each change of a watched table', async () => {
    const realtime = mockRealtime();
    let name = 'Hall';
    renderLivePage(() => name);
    await realtime.joined('equipment_status');
    await screen.findByText('Hall');
    name = 'Hall, renamed';
    realtime.change('equipment_status', 'UPDATE', { id: 'd1', device_name: name });
    await waitFor(() => expect(screen.getByText('Hall, renamed')).toBeTruthy());
  });
});
