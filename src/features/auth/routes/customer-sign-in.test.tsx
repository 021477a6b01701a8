import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { functionsUrl } from '@tests/setup/supabase-mocks';
import { CustomerSignInRoute } from './customer-sign-in';

const SENT = 'Sign-in link sent! Check your email and click the link to access your account.';

function renderSignIn() {
  return renderRoutes(
    [
      { path: '/auth/*', element: <CustomerSignInRoute /> },
      { path: '/admin', element: <h1>Admin sign-in page</h1> },
    ],
    { url: '/auth' },
  );
}

async function requestLink(email = 'cafe@example.com') {
  const rendered = renderSignIn();
  await rendered.user.type(screen.getByLabelText('Email'), email);
  await rendered.user.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
  return rendered;
}

describe('customer sign-in', () => {
  it('asks for an e-mail address, and a real one, before sending anything', async () => {
    const { user } = renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');

    await user.type(screen.getByLabelText('Email'), 'cafe-at-example');
    await user.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the e-mail and the callback address to send-magic-link, then says the link is on its way', async () => {
    let body: unknown;
    let authorization: string | null = null;
    server.use(
      http.post(functionsUrl('send-magic-link'), async ({ request }) => {
        body = await request.json();
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await requestLink(' cafe@example.com ');

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(body).toEqual({ email: 'cafe@example.com', redirectTo: `${window.location.origin}/auth/callback` });
    expect(authorization).toBe('Bearer test-anon-key');
  });

  it('disables the button while sending', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(functionsUrl('send-magic-link'), async () => {
        await answered;
        return HttpResponse.json({ ok: true });
      }),
    );
    await requestLink();

    const busy = await screen.findByRole('button', { name: /sending/i });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.getByRole('button', { name: 'Send Sign-in Link' })).toBeEnabled();
  });

  it('says the e-mail could not be sent when the function answers with an error, and logs its body', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(functionsUrl('send-magic-link'), () =>
        HttpResponse.json({ error: 'SMTP unavailable' }, { status: 500 }),
      ),
    );
    await requestLink();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send magic link email');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('send-magic-link failed', 500, expect.stringContaining('SMTP unavailable'));
    logged.mockRestore();
  });

  it('says the e-mail could not be sent when the reply is not ok', async () => {
    server.use(http.post(functionsUrl('send-magic-link'), () => HttpResponse.json({ ok: false })));
    await requestLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send magic link email');
  });

  it('shows the client’s message when the function cannot be reached', async () => {
    server.use(http.post(functionsUrl('send-magic-link'), () => HttpResponse.error()));
    await requestLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send a request to the Edge Function');
  });

  it('links to the admin sign-in', async () => {
    const { user, router } = renderSignIn();
    await user.click(screen.getByRole('link', { name: 'Admin sign-in' }));
    expect(router.state.location.pathname).toBe('/admin');
  });
});
