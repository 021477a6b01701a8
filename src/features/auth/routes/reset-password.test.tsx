import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { settle } from '@tests/setup/fake-time';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { FACTOR_ID, fakeFactor, onChallenge, sessionWithAal, userWithFactors } from '@tests/setup/mfa-mocks';
import { authError, authUrl, fakeJwt, fakeUser, onUserRole } from '@tests/setup/supabase-mocks';
import { ResetPasswordRoute } from './reset-password';

const ACCESS = fakeJwt({ email: 'cafe@example.com' });
const INVALID_LINK = 'Invalid reset link. Please request a new password reset.';

function renderReset(url: string) {
  return renderRoutes(
    [
      { path: '/auth/reset-password', element: <ResetPasswordRoute /> },
      { path: '/auth', element: <h1>Sign-in page</h1> },
      { path: '/auth/forgot-password', element: <h1>Forgot password page</h1> },
    ],
    { url },
  );
}

/** Answers setSession's GET /auth/v1/user and updateUser's PUT /auth/v1/user. */
function acceptReset(seen: { bearer?: string | null; password?: unknown } = {}) {
  server.use(
    http.get(authUrl('/user'), ({ request }) => {
      seen.bearer = request.headers.get('authorization');
      return HttpResponse.json(fakeUser('cafe@example.com'));
    }),
    http.put(authUrl('/user'), async ({ request }) => {
      seen.password = ((await request.json()) as { password?: unknown }).password;
      return HttpResponse.json(fakeUser('cafe@example.com'));
    }),
  );
  return seen;
}

async function submit(user: ReturnType<typeof renderRoutes>['user'], password: string, confirm = password) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('reset password', () => {
  it('checks the new password and its confirmation', async () => {
    const { user } = renderReset(`/auth/reset-password?access_token=${ACCESS}&refresh_token=r1`);
    await submit(user, '12345');
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await submit(user, 'new-password', 'other-password');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 6 characters long.')).not.toBeInTheDocument();
  });

  it('uses the tokens of the query string, then returns to /auth two seconds after success', async () => {
    const seen = acceptReset();
    const { user, router } = renderReset(`/auth/reset-password?access_token=${ACCESS}&refresh_token=r1`);
    expect(screen.queryByText(INVALID_LINK)).not.toBeInTheDocument();
    await submit(user, 'brand-new-pass');

    expect(await screen.findByText('Password updated successfully! Redirecting to login...')).toBeInTheDocument();
    expect(seen).toEqual({ bearer: `Bearer ${ACCESS}`, password: 'brand-new-pass' });
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
  });

  it('uses the tokens of the URL fragment', async () => {
    const seen = acceptReset();
    const { user } = renderReset(`/auth/reset-password#access_token=${ACCESS}&refresh_token=r1&type=recovery`);
    expect(screen.queryByText(INVALID_LINK)).not.toBeInTheDocument();
    await submit(user, 'brand-new-pass');

    expect(await screen.findByText('Password updated successfully! Redirecting to login...')).toBeInTheDocument();
    expect(seen.bearer).toBe(`Bearer ${ACCESS}`);
  });

  it('says the link is invalid without both tokens, keeps the form disabled and offers a new link', async () => {
    const { user, router } = renderReset(`/auth/reset-password?access_token=${ACCESS}`);
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_LINK);
    expect(screen.getByLabelText('New Password')).toBeDisabled();
    expect(screen.getByLabelText('Confirm Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });

  it('sends an admin back to the admin sign-in after a reset', async () => {
    acceptReset();
    server.use(onUserRole('admin'));
    const { user, router } = renderRoutes(
      [
        { path: '/auth/reset-password', element: <ResetPasswordRoute /> },
        { path: '/auth', element: <h1>Sign-in page</h1> },
        { path: '/admin', element: <h1>Admin sign-in page</h1> },
      ],
      { url: `/auth/reset-password?access_token=${ACCESS}&refresh_token=r1` },
    );
    await submit(user, 'brand-new-pass');
    expect(await screen.findByText('Password updated successfully! Redirecting to login...')).toBeInTheDocument();
    await settle(() => expect(screen.getByRole('heading', { name: 'Admin sign-in page' })).toBeInTheDocument(), 4000);
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('asks an account with two-factor sign-in for its code, then saves the password it chose', async () => {
    const seen: { password?: unknown; verified?: unknown; putBearer?: string | null } = {};
    server.use(
      http.get(authUrl('/user'), () => HttpResponse.json(userWithFactors([fakeFactor()], 'cafe@example.com'))),
      onChallenge(),
      http.post(authUrl(`/factors/${FACTOR_ID}/verify`), async ({ request }) => {
        seen.verified = await request.json();
        return HttpResponse.json(sessionWithAal('aal2'));
      }),
      http.put(authUrl('/user'), async ({ request }) => {
        seen.putBearer = request.headers.get('authorization');
        seen.password = ((await request.json()) as { password?: unknown }).password;
        return HttpResponse.json(fakeUser('cafe@example.com'));
      }),
    );
    const { user } = renderReset(`/auth/reset-password?access_token=${ACCESS}&refresh_token=r1`);
    await submit(user, 'brand-new-pass');

    // The password is not sent yet: Auth would refuse it without the second factor.
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(seen.password).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Sign in with another account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Password updated successfully! Redirecting to login...')).toBeInTheDocument();
    expect(seen.verified).toEqual({ challenge_id: 'c4a11e00-0000-4000-8000-000000000001', code: '123456' });
    expect(seen.password).toBe('brand-new-pass');
    // Saved in the session the code raised to aal2, not in the link's own.
    expect(seen.putBearer).not.toBe(`Bearer ${ACCESS}`);
  });

  it('asks for the code when Auth answers insufficient_aal (a factor the page did not know of)', async () => {
    server.use(
      http.get(authUrl('/user'), () => HttpResponse.json(fakeUser('cafe@example.com'))),
      http.put(authUrl('/user'), () =>
        authError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.'),
      ),
    );
    const { user } = renderReset(`/auth/reset-password?access_token=${ACCESS}&refresh_token=r1`);
    await submit(user, 'brand-new-pass');
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByText(/AAL2 session is required/)).not.toBeInTheDocument();
  });

  it('shows the server’s message when the password is refused', async () => {
    server.use(
      http.get(authUrl('/user'), () => HttpResponse.json(fakeUser('cafe@example.com'))),
      http.put(authUrl('/user'), () =>
        authError(422, 'same_password', 'New password should be different from the old password.'),
      ),
    );
    const { user } = renderReset(`/auth/reset-password?access_token=${ACCESS}&refresh_token=r1`);
    await submit(user, 'brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New password should be different from the old password.',
    );
  });

  it('shows the server’s message when the link’s session is refused', async () => {
    server.use(http.get(authUrl('/user'), () => authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify')));
    const { user } = renderReset(`/auth/reset-password?access_token=${ACCESS}&refresh_token=r1`);
    await submit(user, 'brand-new-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid JWT: unable to parse or verify');
  });

  it('returns to /auth two seconds after success', async () => {
    acceptReset();
    const { user, router } = renderRoutes(
      [
        { path: '/auth/reset-password', element: <ResetPasswordRoute /> },
        { path: '/auth', element: <h1>Sign-in page</h1> },
      ],
      { url: `/auth/reset-password?access_token=${ACCESS}&refresh_token=r1` },
    );
    await submit(user, 'brand-new-pass');
    await settle(() =>
      expect(screen.getByText('Password updated successfully! Redirecting to login...')).toBeInTheDocument(),
    );
    const shown = performance.now();
    await settle(() => expect(screen.getByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument(), 4000);
    const waited = performance.now() - shown;
    expect(waited).toBeGreaterThan(1900);
    expect(waited).toBeLessThan(2600);
    expect(router.state.location.pathname).toBe('/auth');
  });
});
