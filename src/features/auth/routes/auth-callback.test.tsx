import { screen } from '@testing-library/react';
import { AuthApiError } from '@supabase/supabase-js';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supabase } from '@/lib/supabase';
import { advance, settle } from '@tests/setup/fake-time';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, storeSession } from '@tests/setup/supabase-mocks';
import { AuthCallbackRoute } from './auth-callback';

function renderCallback(url = '/auth/callback') {
  return renderRoutes(
    [
      { path: '/auth/callback', element: <AuthCallbackRoute /> },
      { path: '/auth', element: <h1>Sign-in page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/home', element: <h1>Home page</h1> },
      { path: '/advertiser', element: <h1>Advertiser portal</h1> },
    ],
    { url },
  );
}

describe('sign-in link landing page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits a second, then sends a customer to /home two seconds after Success', async () => {
    storeSession(fakeUser('cafe@example.com'));
    server.use(onUserRole('customer'));
    const { router } = renderCallback();

    expect(screen.getByRole('heading', { name: 'Authenticating' })).toBeInTheDocument();
    await advance(999);
    expect(screen.getByRole('heading', { name: 'Authenticating' })).toBeInTheDocument();
    await advance(1);
    await settle(() => expect(screen.getByRole('heading', { name: 'Success' })).toBeInTheDocument());

    await advance(1999);
    expect(router.state.location.pathname).toBe('/auth/callback');
    await advance(1);
    await settle(() => expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends an admin to /dashboard (the role from public.users)', async () => {
    storeSession(fakeUser('admin@example.com'));
    server.use(onUserRole('admin'));
    const { router } = renderCallback();

    await advance(1000);
    await settle(() => expect(screen.getByRole('heading', { name: 'Success' })).toBeInTheDocument());
    await advance(2000);
    await settle(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends an advertiser to their portal, /advertiser', async () => {
    storeSession(fakeUser('james@brightline.example.com'));
    server.use(onUserRole('advertiser'));
    const { router } = renderCallback();

    await advance(1000);
    await settle(() => expect(screen.getByRole('heading', { name: 'Success' })).toBeInTheDocument());
    await advance(2000);
    await settle(() => expect(router.state.location.pathname).toBe('/advertiser'));
  });

  it('sends someone whose role cannot be read to /home', async () => {
    storeSession(fakeUser('cafe@example.com'));
    server.use(onUserRole(() => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { router } = renderCallback();

    await advance(1000);
    await settle(() => expect(screen.getByRole('heading', { name: 'Success' })).toBeInTheDocument());
    await advance(2000);
    await settle(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('fails without a session and returns to /auth three seconds later', async () => {
    const { router } = renderCallback();

    await advance(1000);
    await settle(() => expect(screen.getByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('No valid session found. Please try logging in again.');

    await advance(2999);
    expect(router.state.location.pathname).toBe('/auth/callback');
    await advance(1);
    await settle(() => expect(screen.getByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument());
  });

  it('shows the error a link came back with', async () => {
    const { router } = renderCallback(
      '/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );

    await advance(1000);
    await settle(() => expect(screen.getByRole('alert')).toHaveTextContent('Email link is invalid or has expired'));
    expect(screen.getByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    await advance(3000);
    await settle(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('shows the session error’s message', async () => {
    // The client reports a failed session read (a refused refresh, say) as an error.
    vi.spyOn(supabase.auth, 'getSession').mockResolvedValueOnce({
      data: { session: null },
      error: new AuthApiError('Invalid Refresh Token: Refresh Token Not Found', 400, 'refresh_token_not_found'),
    });
    renderCallback();

    await advance(1000);
    await settle(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid Refresh Token: Refresh Token Not Found'),
    );
    expect(screen.getByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
  });

  it('says an unexpected error occurred when checking the session throws', async () => {
    vi.spyOn(supabase.auth, 'getSession').mockRejectedValueOnce(new Error('storage is broken'));
    renderCallback();

    await advance(1000);
    await settle(() => expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred'));
  });
});
