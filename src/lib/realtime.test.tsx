import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { useTableChanges, type LiveOptions, type TableChange } from './realtime';
import { supabase } from './supabase';

function Watcher(props: LiveOptions) {
  useTableChanges(props);
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the app’s Realtime client', () => {
  it('keeps the spec’s heartbeat (25 s) and reconnect backoff (1, 2, 5, then every 10 s), each step with jitter', () => {
    expect(supabase.realtime.heartbeatIntervalMs).toBe(25_000);
    const steps = [1000, 2000, 5000, 10_000, 10_000, 10_000];
    const delays = () => [1, 2, 3, 4, 5, 9].map((tries) => supabase.realtime.reconnectAfterMs(tries));
    // Each delay is its step times a random factor in [0.5, 1.5): the step itself at the middle.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(delays()).toEqual(steps);
    random.mockRestore();
    const firsts = new Set<number>();
    for (let i = 0; i < 200; i++) {
      delays().forEach((delay, i) => {
        expect(delay).toBeGreaterThanOrEqual(steps[i]! * 0.5);
        expect(delay).toBeLessThan(steps[i]! * 1.5);
      });
      firsts.add(supabase.realtime.reconnectAfterMs(1));
    }
    expect(firsts.size).toBeGreaterThan(100);
  });
});

describe('useTableChanges', () => {
  it('passes each change of the watched tables on, with its filter, and leaves when unmounted', async () => {
    const realtime = mockRealtime();
    const onChange = vi.fn<(c: TableChange) => void>();
    const view = render(
      <Watcher
        name="t"
        tables={[{ table: 'campaigns' }, { table: 'equipment_status', filter: 'id=eq.d1' }]}
        onChange={onChange}
      />,
    );
    await realtime.joined('equipment_status');
    expect(realtime.bindings()).toEqual([
      { event: '*', schema: 'public', table: 'campaigns' },
      { event: '*', schema: 'public', table: 'equipment_status', filter: 'id=eq.d1' },
    ]);
    realtime.change('campaigns', 'UPDATE', { id: 'c1', name: 'Spring' });
    realtime.change('equipment_status', 'UPDATE', { id: 'd2' }); // another device: not this watcher's
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0]).toMatchObject({
      table: 'campaigns',
      eventType: 'UPDATE',
      new: { name: 'Spring' },
    });
    view.unmount();
    await waitFor(() => expect(realtime.topics()).toEqual([]));
  });

  it('coalesces a burst into one call per table, with the last change of each', async () => {
    const realtime = mockRealtime();
    const onChange = vi.fn<(c: TableChange) => void>();
    render(
      <Watcher
        name="t"
        tables={[{ table: 'campaigns' }, { table: 'system_alerts' }]}
        onChange={onChange}
        coalesceMs={200}
      />,
    );
    await realtime.joined('system_alerts');
    for (let i = 1; i <= 5; i++) realtime.change('campaigns', 'UPDATE', { id: 'c1', name: `v${i}` });
    realtime.change('system_alerts', 'INSERT', { id: 'a1' });
    await sleep(500);
    expect(onChange).toHaveBeenCalledTimes(2);
    const byTable = Object.fromEntries(onChange.mock.calls.map(([c]) => [c.table, c]));
    expect(byTable.campaigns).toMatchObject({ new: { name: 'v5' } });
    expect(byTable.system_alerts).toMatchObject({ eventType: 'INSERT' });
  });

  it('says when it is subscribed, and again after the socket dropped and came back', async () => {
    const realtime = mockRealtime();
    const onSubscribed = vi.fn<(again: boolean, alreadyLive: string[]) => void>();
    render(
      <Watcher name="t" tables={[{ table: 'campaigns' }]} onChange={() => undefined} onSubscribed={onSubscribed} />,
    );
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledWith(false, []));
    realtime.drop();
    // realtime-js reconnects after 1 s (the first step of the backoff) and joins again.
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledWith(true, []));
  });

  it('says which of its tables another channel of the page already follows, while that one is live', async () => {
    mockRealtime();
    const first = vi.fn<(again: boolean, alreadyLive: string[]) => void>();
    const second = vi.fn<(again: boolean, alreadyLive: string[]) => void>();
    const shell = render(
      <Watcher name="shell" tables={[{ table: 'campaigns' }]} onChange={() => undefined} onSubscribed={first} />,
    );
    await waitFor(() => expect(first).toHaveBeenCalledWith(false, []));
    const page = render(
      <Watcher
        name="page"
        tables={[{ table: 'campaigns' }, { table: 'customers' }]}
        onChange={() => undefined}
        onSubscribed={second}
      />,
    );
    await waitFor(() => expect(second).toHaveBeenCalledWith(false, ['campaigns']));
    page.unmount();
    shell.unmount();
    const third = vi.fn<(again: boolean, alreadyLive: string[]) => void>();
    render(<Watcher name="page" tables={[{ table: 'campaigns' }]} onChange={() => undefined} onSubscribed={third} />);
    await waitFor(() => expect(third).toHaveBeenCalledWith(false, []));
  });
});
