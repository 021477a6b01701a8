import { screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import {
  authError,
  fakeUser,
  onLogout,
  onPasswordSignIn,
  onUserRole,
  sessionFor,
  STORAGE_KEY,
} from '@tests/setup/supabase-mocks';
import { AdminSignInRoute } from '../routes/admin-sign-in';

function renderSignIn() {
  return renderRoutes(
    [
      { path: '/admin', element: <AdminSignInRoute /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    { url: '/admin' },
  );
}

describe('admin sign-in form', () => {
  it('asks for the e-mail and password before sending anything', async () => {
    const { user } = renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
  });

  it('rejects an e-mail address that is not one', async () => {
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'admin-at-example');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = renderSignIn();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('disables the submit button while signing in', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      onPasswordSignIn(async () => {
        await answered;
        return authError(400, 'invalid_credentials', 'Invalid login credentials');
      }),
    );
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const busy = await screen.findByRole('button', { name: /signing in/i });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    release();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the server’s error in a red message when the credentials are wrong', async () => {
    let sent: unknown;
    server.use(
      onPasswordSignIn(async ({ request }) => {
        sent = await request.json();
        return authError(400, 'invalid_credentials', 'Invalid login credentials');
      }),
    );
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), ' admin@example.com ');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(sent).toMatchObject({ email: 'admin@example.com', password: 'wrong-pass' });
    expect(screen.getByRole('heading', { name: /admin sign-in/i })).toBeInTheDocument();
  });

  it('goes to the dashboard once signed in as an admin of public.users', async () => {
    let roleQuery: URLSearchParams | undefined;
    server.use(
      onPasswordSignIn(async () => {
        await delay(10);
        return HttpResponse.json(sessionFor(fakeUser('admin@example.com')));
      }),
      onUserRole(({ request }) => {
        roleQuery = new URL(request.url).searchParams;
        return HttpResponse.json({ role: 'admin' });
      }),
    );
    const { user, router } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-admin-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(roleQuery?.get('select')).toBe('role,locale');
    expect(roleQuery?.get('id')).toBe(`eq.${fakeUser().id}`);
  });

  it('refuses a customer: signs them out again and says the account is not an admin', async () => {
    const scopes: (string | null)[] = [];
    server.use(
      onPasswordSignIn(() => HttpResponse.json(sessionFor(fakeUser('cafe@example.com')))),
      onUserRole('customer'),
      onLogout((scope) => scopes.push(scope)),
    );
    const { user, router } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'cafe@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-customer-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This account does not have admin access.');
    expect(scopes).toEqual(['global']);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('signs out again and shows why when the role cannot be read', async () => {
    server.use(
      onPasswordSignIn(() => HttpResponse.json(sessionFor(fakeUser('admin@example.com')))),
      onUserRole(() => HttpResponse.json({ code: 'XX000', message: 'database unavailable' }, { status: 500 })),
      onLogout(),
    );
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-admin-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('database unavailable');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
