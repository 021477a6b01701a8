import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { settle } from '@tests/setup/fake-time';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, functionsUrl, storeSession } from '@tests/setup/supabase-mocks';
import { SetupPasswordRoute } from './setup-password';

function renderSetup(url = '/auth/setup-password?email=cafe%40example.com') {
  return renderRoutes(
    [
      { path: '/auth/setup-password', element: <SetupPasswordRoute /> },
      { path: '/auth', element: <h1>Sign-in page</h1> },
    ],
    { url },
  );
}

async function submit(user: ReturnType<typeof renderRoutes>['user'], password: string, confirm = password) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
}

describe('set up password', () => {
  it('asks for a long enough password, confirmed', async () => {
    const { user } = renderSetup();
    expect(screen.getByRole('heading', { name: 'Set Your Password' })).toBeInTheDocument();
    expect(screen.getByText('Choose a password for cafe@example.com.')).toBeInTheDocument();
    await submit(user, 'abc');
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'defghi');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
  });

  it('posts the e-mail and password with the signed-in session, then returns to /auth after two seconds', async () => {
    const session = storeSession(fakeUser('cafe@example.com'));
    let body: unknown;
    let authorization: string | null = null;
    server.use(
      http.post(functionsUrl('setup-password'), async ({ request }) => {
        body = await request.json();
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, router } = renderSetup();
    await submit(user, 'first-password');

    await settle(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Password set successfully! Redirecting to login...'),
    );
    expect(body).toEqual({ email: 'cafe@example.com', password: 'first-password' });
    expect(authorization).toBe(`Bearer ${session.access_token}`);

    const shown = performance.now();
    await settle(() => expect(screen.getByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument(), 4000);
    const waited = performance.now() - shown;
    expect(waited).toBeGreaterThan(1900);
    expect(waited).toBeLessThan(2600);
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the error field of a refusal', async () => {
    server.use(
      http.post(functionsUrl('setup-password'), () =>
        HttpResponse.json({ error: 'You can only set the password of your own account' }, { status: 403 }),
      ),
    );
    const { user, router } = renderSetup();
    await submit(user, 'first-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('You can only set the password of your own account');
    expect(screen.queryByText(/Password set successfully/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/setup-password');
  });

  it('says the password could not be set when the refusal has no error field', async () => {
    server.use(http.post(functionsUrl('setup-password'), () => new HttpResponse('Bad gateway', { status: 502 })));
    const { user } = renderSetup();
    await submit(user, 'first-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to set password');
  });

  it('says what to do next when no one is signed in', async () => {
    server.use(
      http.post(functionsUrl('setup-password'), () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })),
    );
    const { user, router } = renderSetup();
    await submit(user, 'first-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not signed in');
    expect(alert).toHaveTextContent('Open the link from your e-mail again, or sign in and come back.');
    await user.click(within(alert).getByRole('link', { name: 'sign in' }));
    expect(router.state.location.pathname).toBe('/auth');
  });
});
