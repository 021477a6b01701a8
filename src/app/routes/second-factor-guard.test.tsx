import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWithAal } from '@tests/setup/mfa-mocks';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { onUserRole, STORAGE_KEY } from '@tests/setup/supabase-mocks';
import { RequireRole } from './guards';

function renderAdminPage(session: ReturnType<typeof sessionWithAal>) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  server.use(onUserRole('admin'));
  return renderRoutes(
    [
      { path: '/admin', element: <h1>Admin sign-in page</h1> },
      { element: <RequireRole allow="team" />, children: [{ path: '/dashboard', element: <h1>Dashboard page</h1> }] },
    ],
    { url: '/dashboard' },
  );
}

describe('admin routes and two-factor sign-in', () => {
  it('send an admin whose session has not verified the code (aal1) to /admin for it', async () => {
    const { router } = renderAdminPage(sessionWithAal('aal1'));
    expect(await screen.findByRole('heading', { name: 'Admin sign-in page' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('let an admin through once the session is aal2', async () => {
    renderAdminPage(sessionWithAal('aal2'));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('let an admin without a verified factor through at aal1', async () => {
    renderAdminPage(sessionWithAal('aal1', []));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });
});
