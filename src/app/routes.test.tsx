// A list's first page is asked for while the guards still read the role, not after.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { createRoutes } from './routes';

const device = {
  id: 'de000000-0000-4000-8000-000000000001',
  customer_id: null,
  device_name: 'Lobby screen',
  location: 'Front door',
  status: 'online',
  live_status: 'online',
  heartbeat_stale: false,
  is_active: true,
  last_heartbeat: new Date().toISOString(),
  last_content_update: null,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-15T10:00:00Z',
  customer_name: null,
  customer_location: null,
  customer_contact_phone: null,
};

/** Holds the role's answer until `release()`. */
function slowRole() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const state = { answered: false, release };
  server.use(
    onUserRole(async () => {
      await released;
      state.answered = true;
      return HttpResponse.json({ role: 'admin' });
    }),
  );
  return state;
}

describe('route loaders', () => {
  it('ask for the page of devices in the address while the role is still on its way', async () => {
    storeSession(fakeUser());
    const role = slowRole();
    const pages: { params: URLSearchParams; roleKnown: boolean }[] = [];
    server.use(
      http.get(restUrl('/equipment_status_live'), ({ request }) => {
        pages.push({ params: new URL(request.url).searchParams, roleKnown: role.answered });
        return HttpResponse.json([device], { headers: { 'Content-Range': '0-0/1' } });
      }),
      http.post(restUrl('/rpc/equipment_live_counts'), () =>
        HttpResponse.json({ online: 1, idle: 0, offline: 0, error: 0 }),
      ),
      // The group filter's choices.
      http.get(restUrl('/screen_groups'), () => HttpResponse.json([])),
    );
    renderRoutes(createRoutes, { url: '/dashboard/equipment?status=online&q=Lobby' });

    // The screen's code loads first (slow on a busy machine); the role is held all the while.
    await expect.poll(() => pages.length, { timeout: 10_000 }).toBe(1);
    expect(pages[0]).toMatchObject({ roleKnown: false });
    expect(pages[0]?.params.get('live_status')).toBe('eq.online');
    expect(pages[0]?.params.get('or')).toBe('(device_name.ilike."%Lobby%",location.ilike."%Lobby%")');
    role.release();
    expect(await screen.findByText('Lobby screen')).toBeVisible();
  });

  it('ask for nothing on a device without a session', async () => {
    const asked: string[] = [];
    server.use(
      http.all(restUrl('/*'), ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return undefined;
      }),
    );
    const { router } = renderRoutes(createRoutes, { url: '/dashboard/customers' });
    await expect.poll(() => router.state.location.pathname).toBe('/auth');
    expect(asked).toEqual([]);
  });
});
