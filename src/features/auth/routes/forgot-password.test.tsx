import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { authUrl } from '@tests/setup/supabase-mocks';
import { AdminSignInRoute } from './admin-sign-in';
import { ForgotPasswordRoute, RESET_SENT_MESSAGE } from './forgot-password';

function renderPages(url: string) {
  return renderRoutes(
    [
      { path: '/admin', element: <AdminSignInRoute /> },
      { path: '/auth/forgot-password', element: <ForgotPasswordRoute /> },
    ],
    { url },
  );
}

describe('forgot password', () => {
  it('is offered on the admin sign-in, and e-mails a link to the reset page', async () => {
    const recovered: { body: unknown; redirectTo: string | null }[] = [];
    server.use(
      http.post(authUrl('/recover'), async ({ request }) => {
        recovered.push({
          body: await request.json(),
          redirectTo: new URL(request.url).searchParams.get('redirect_to'),
        });
        return HttpResponse.json({});
      }),
    );
    const { user, router } = renderPages('/admin');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/auth/forgot-password');

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_SENT_MESSAGE);
    expect(recovered).toHaveLength(1);
    expect(recovered[0]!.body).toMatchObject({ email: 'admin@example.com' });
    expect(recovered[0]!.redirectTo).toBe(`${window.location.origin}/auth/reset-password`);
  });
});
