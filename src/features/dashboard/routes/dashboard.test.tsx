import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, sessionFor } from '@tests/setup/supabase-mocks';
import { DashboardRoute } from './dashboard';

const admin = fakeUser('admin@example.com');

/** Stores a session where supabase-js looks for it (sb-<first host label>-auth-token). */
function signedIn() {
  localStorage.setItem('sb-supabase-auth-token', JSON.stringify(sessionFor(admin)));
}

function renderDashboard() {
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '/admin', element: <h1>Sign-in page</h1> },
    ],
    { url: '/dashboard' },
  );
}

describe('dashboard', () => {
  it('shows who is signed in and their role from public.users', async () => {
    signedIn();
    let query: URLSearchParams | undefined;
    server.use(
      http.get(restUrl('/users'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ role: 'admin' });
      }),
    );
    renderDashboard();

    expect(await screen.findByText('Signed in as admin@example.com')).toBeInTheDocument();
    expect(await screen.findByText('admin')).toBeInTheDocument();
    expect(query?.get('select')).toBe('role');
    expect(query?.get('id')).toBe(`eq.${admin.id}`);
  });

  it('says so, with a retry, when the role cannot be read', async () => {
    signedIn();
    server.use(
      http.get(restUrl('/users'), () =>
        HttpResponse.json(
          {
            code: 'PGRST116',
            details: 'The result contains 0 rows',
            hint: null,
            message: 'Cannot coerce the result to a single JSON object',
          },
          { status: 406 },
        ),
      ),
    );
    renderDashboard();

    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot coerce the result to a single JSON object');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
