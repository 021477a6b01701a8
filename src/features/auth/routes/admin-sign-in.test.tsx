import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FACTOR_ID, fakeFactor, onChallenge, onGetUser, sessionWithAal } from '@tests/setup/mfa-mocks';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { authError, authUrl, onLogout, onPasswordSignIn, onUserRole, STORAGE_KEY } from '@tests/setup/supabase-mocks';
import { AdminSignInRoute } from './admin-sign-in';

function renderSignIn() {
  return renderRoutes(
    [
      { path: '/admin', element: <AdminSignInRoute /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    { url: '/admin' },
  );
}

async function signInWithPassword(user: ReturnType<typeof renderSignIn>['user']) {
  await user.type(screen.getByLabelText('Email'), 'admin@example.com');
  await user.type(screen.getByLabelText('Password'), 'demo-admin-pass');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('admin sign-in with two-factor sign-in on', () => {
  it('asks for the authenticator code after the password, then opens the dashboard', async () => {
    let verified: unknown;
    server.use(
      onPasswordSignIn(() => HttpResponse.json(sessionWithAal('aal1'))),
      onUserRole('admin'),
      onGetUser(() => [fakeFactor()]),
      onChallenge(),
      http.post(authUrl(`/factors/${FACTOR_ID}/verify`), async ({ request }) => {
        verified = await request.json();
        return HttpResponse.json(sessionWithAal('aal2'));
      }),
    );
    const { user, router } = renderSignIn();
    await signInWithPassword(user);

    expect(await screen.findByRole('heading', { name: /two-factor sign-in/i })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(verified).toEqual({ challenge_id: 'c4a11e00-0000-4000-8000-000000000001', code: '654321' });
  });

  it('says so when the code is wrong and stays on the code step', async () => {
    server.use(
      onPasswordSignIn(() => HttpResponse.json(sessionWithAal('aal1'))),
      onUserRole('admin'),
      onGetUser(() => [fakeFactor()]),
      onChallenge(),
      http.post(authUrl(`/factors/${FACTOR_ID}/verify`), () =>
        authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
      ),
    );
    const { user, router } = renderSignIn();
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Enter the code your authenticator app shows now.',
    );
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('checks the code has six digits before sending it', async () => {
    server.use(
      onPasswordSignIn(() => HttpResponse.json(sessionWithAal('aal1'))),
      onUserRole('admin'),
    );
    const { user } = renderSignIn();
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText('Authentication code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
  });

  it('an admin without a verified factor goes straight to the dashboard', async () => {
    server.use(
      onPasswordSignIn(() => HttpResponse.json(sessionWithAal('aal1', []))),
      onUserRole('admin'),
    );
    const { user } = renderSignIn();
    await signInWithPassword(user);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('a session that still waits for its code opens on the code step, and can sign out instead', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionWithAal('aal1')));
    const scopes: (string | null)[] = [];
    server.use(
      onUserRole('admin'),
      onLogout((scope) => scopes.push(scope)),
    );
    const { user } = renderSignIn();
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(scopes).toEqual(['global']);
  });
});
