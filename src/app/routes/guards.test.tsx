import { act, screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { isValidElement } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onLogout, onUserRole, STORAGE_KEY, storeSession } from '@tests/setup/supabase-mocks';
import { userKeys } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { createQueryClient } from '@/lib/query-client';
import { createRoutes } from '../routes';
import { RequireRole } from './guards';

/**
 * The app's route tree with every guarded page swapped for a heading naming its path, so
 * these tests follow the routing and guards, not what the pages themselves load.
 */
function stubPages(tree: RouteObject[], guarded = false): RouteObject[] {
  return tree.map((route): RouteObject => {
    const inside = guarded || (isValidElement(route.element) && route.element.type === RequireRole);
    if (route.children) {
      // A guarded layout loaded lazily (the advertiser portal's frame) becomes a bare outlet.
      const layout = inside && route.lazy ? { lazy: undefined, element: <Outlet /> } : {};
      return { ...route, ...layout, children: stubPages(route.children, inside) };
    }
    if (inside && route.path) return { ...route, lazy: undefined, element: <h1>{`Page ${route.path}`}</h1> };
    return route;
  });
}

const app = stubPages(createRoutes(createQueryClient()));

function renderApp(url: string) {
  return renderRoutes(app, { url });
}

async function expectPath(router: ReturnType<typeof renderApp>['router'], pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

const signedOutCases: [string, string][] = [
  ['/', '/auth'],
  ['/dashboard', '/auth'],
  ['/dashboard/customers', '/auth'],
  ['/dashboard/campaigns/builder/42', '/auth'],
  ['/home', '/auth'],
  ['/slides', '/auth'],
  ['/no-such-page', '/auth'],
  ['/dashboard/no-such-page', '/auth'],
];

const adminCases: [string, string][] = [
  ['/', '/dashboard'],
  ['/dashboard', '/dashboard'],
  ['/dashboard/customers', '/dashboard/customers'],
  ['/dashboard/customers/view/7', '/dashboard/customers/view/7'],
  ['/dashboard/campaigns/test-dynamic', '/dashboard/campaigns/test-dynamic'],
  ['/dashboard/settings', '/dashboard/settings'],
  ['/home', '/dashboard'],
  ['/slides', '/dashboard'],
  ['/no-such-page', '/dashboard'],
  ['/dashboard/no-such-page', '/dashboard'],
  ['/advertiser', '/dashboard'],
  // Already signed in: the venue sign-in is not for them.
  ['/auth', '/dashboard'],
];

const customerCases: [string, string][] = [
  ['/', '/home'],
  ['/home', '/home'],
  ['/slides', '/slides'],
  ['/dashboard', '/home'],
  ['/dashboard/customers', '/home'],
  ['/dashboard/equipment', '/home'],
  ['/no-such-page', '/home'],
  ['/auth', '/home'],
  ['/advertiser', '/home'],
  ['/advertiser/plays', '/home'],
];

const advertiserCases: [string, string][] = [
  ['/', '/advertiser'],
  ['/advertiser', '/advertiser'],
  ['/advertiser/plays', '/advertiser/plays'],
  ['/dashboard', '/advertiser'],
  ['/dashboard/advertisers', '/advertiser'],
  ['/home', '/advertiser'],
  ['/slides', '/advertiser'],
  ['/no-such-page', '/advertiser'],
  ['/auth', '/advertiser'],
];

describe('route guards', () => {
  it.each(signedOutCases)('sends a signed-out visitor from %s to %s', async (from, to) => {
    const { router } = renderApp(from);
    await expectPath(router, to);
    expect(await screen.findByRole('heading', { name: /customer sign-in/i })).toBeInTheDocument();
  });

  it.each(adminCases)('takes an admin from %s to %s', async (from, to) => {
    storeSession(fakeUser('admin@example.com'));
    server.use(onUserRole('admin'));
    const { router } = renderApp(from);
    await expectPath(router, to);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it.each(customerCases)('takes a customer from %s to %s', async (from, to) => {
    storeSession(fakeUser('cafe@example.com'));
    server.use(onUserRole('customer'));
    const { router } = renderApp(from);
    expect(await screen.findByRole('heading', { name: `Page ${to}` })).toBeInTheDocument();
    await expectPath(router, to);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it.each(advertiserCases)('takes an advertiser from %s to %s', async (from, to) => {
    storeSession(fakeUser('james@brightline.example.com'));
    server.use(onUserRole('advertiser'));
    const { router } = renderApp(from);
    expect(await screen.findByRole('heading', { name: `Page ${to}` })).toBeInTheDocument();
    await expectPath(router, to);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('leaves the public pages open to anyone', async () => {
    for (const path of ['/auth', '/auth/anything', '/admin', '/auth/callback', '/auth/reset-password']) {
      const { router, unmount } = renderApp(path);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  it('waits, showing a loading state, while the role loads', async () => {
    storeSession(fakeUser('admin@example.com'));
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      onUserRole(async () => {
        await answered;
        return HttpResponse.json({ role: 'admin' });
      }),
    );
    const { router } = renderApp('/dashboard/customers');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    await delay(30);
    expect(router.state.location.pathname).toBe('/dashboard/customers');
    expect(screen.queryByRole('heading', { name: 'Page /dashboard/customers' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/customers' })).toBeInTheDocument();
  });

  it('says so, with a retry, when the role cannot be read', async () => {
    storeSession(fakeUser('admin@example.com'));
    let fail = true;
    server.use(
      onUserRole(() =>
        fail
          ? HttpResponse.json({ code: 'XX000', message: 'database unavailable' }, { status: 500 })
          : HttpResponse.json({ role: 'admin' }),
      ),
    );
    const { user } = renderApp('/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent('database unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('on the wall screen (/slides), says it is reconnecting, without the error, and gets in by itself', async () => {
    storeSession(fakeUser('cafe@example.com'));
    let fail = true;
    server.use(
      onUserRole(() =>
        fail
          ? HttpResponse.json({ code: 'XX000', message: 'database unavailable' }, { status: 503 })
          : HttpResponse.json({ role: 'customer' }),
      ),
    );
    renderApp('/slides');

    expect(await screen.findByRole('heading', { name: 'Reconnecting…' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('database unavailable');
    fail = false;
    expect(await screen.findByRole('heading', { name: 'Page /slides' })).toBeInTheDocument();
  });

  it('goes by public.users, not by the role a user wrote into their own metadata', async () => {
    storeSession({ ...fakeUser('cafe@example.com'), user_metadata: { role: 'admin' } });
    server.use(onUserRole('customer'));
    const { router } = renderApp('/dashboard');
    await expectPath(router, '/home');
    expect(await screen.findByRole('heading', { name: 'Page /home' })).toBeInTheDocument();
  });

  it('follows the session: a sign-out elsewhere sends an admin to /auth and forgets the role', async () => {
    storeSession(fakeUser('admin@example.com'));
    server.use(onUserRole('admin'), onLogout());
    const { router, queryClient } = renderApp('/dashboard/settings');
    expect(await screen.findByRole('heading', { name: 'Page /dashboard/settings' })).toBeInTheDocument();
    expect(queryClient.getQueryData(userKeys.role(fakeUser().id))).toBe('admin');

    await act(async () => {
      await supabase.auth.signOut();
    });
    await expectPath(router, '/auth');
    expect(queryClient.getQueryData(userKeys.role(fakeUser().id))).toBeUndefined();
  });

  it('sends an admin who logs out from the top bar to the admin sign-in', async () => {
    storeSession(fakeUser('admin@example.com'));
    server.use(onUserRole('admin'), onLogout());
    const { user, router } = renderApp('/dashboard/campaigns');
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { name: /admin sign-in/i })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
