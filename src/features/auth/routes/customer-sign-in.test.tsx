import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { supabase } from '@/lib/supabase';
import { authError, authUrl, fakeUser, functionsUrl, onPasswordSignIn, sessionFor } from '@tests/setup/supabase-mocks';
import { i18n } from '@/i18n';
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
    expect(screen.getByRole('button', { name: 'Send Another Link' })).toBeEnabled();
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

  it('says how long to wait when too many links were asked for the address', async () => {
    server.use(
      http.post(functionsUrl('send-magic-link'), () =>
        HttpResponse.json(
          { error: 'Too many requests. Please try again later.', retry_after_seconds: 421 },
          { status: 429, headers: { 'Retry-After': '421' } },
        ),
      ),
    );
    await requestLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in links were asked for this address. Please wait 8 minutes before asking for another, or use the code or link already sent.',
    );
  });

  it('signs in with the code of the e-mail, and says when the code is wrong', async () => {
    const verified: unknown[] = [];
    server.use(
      http.post(functionsUrl('send-magic-link'), () => HttpResponse.json({ ok: true })),
      http.post(authUrl('/verify'), async ({ request }) => {
        const body = (await request.json()) as { token: string };
        verified.push(body);
        if (body.token !== '612770') return authError(403, 'otp_expired', 'Token has expired or is invalid');
        return HttpResponse.json(sessionFor(fakeUser('cafe@example.com')));
      }),
    );
    const { user } = await requestLink();
    const codeForm = within(await screen.findByRole('form', { name: 'Sign in with a code' }));
    await user.type(codeForm.getByLabelText('Code'), '12');
    await user.click(codeForm.getByRole('button', { name: 'Sign In with Code' }));
    expect(await codeForm.findByText('Enter the 6-digit code from the e-mail')).toBeInTheDocument();
    await user.clear(codeForm.getByLabelText('Code'));
    await user.type(codeForm.getByLabelText('Code'), '111111');
    await user.click(codeForm.getByRole('button', { name: 'Sign In with Code' }));
    expect(await codeForm.findByRole('alert')).toHaveTextContent(
      'That code is wrong or has expired. Check the latest e-mail, or ask for a new link.',
    );
    await user.clear(codeForm.getByLabelText('Code'));
    await user.type(codeForm.getByLabelText('Code'), '612770');
    await user.click(codeForm.getByRole('button', { name: 'Sign In with Code' }));
    await waitFor(() => expect(verified).toHaveLength(2));
    expect(verified[1]).toMatchObject({ email: 'cafe@example.com', token: '612770', type: 'email' });
    await waitFor(async () =>
      expect((await supabase.auth.getSession()).data.session?.user.email).toBe('cafe@example.com'),
    );
  });

  it('signs in with the password an admin set, through "Use a password instead"', async () => {
    let sent: unknown;
    server.use(
      onPasswordSignIn(async ({ request }) => {
        sent = await request.json();
        const body = sent as { password: string };
        if (body.password !== 'venue-pass') return authError(400, 'invalid_credentials', 'Invalid login credentials');
        return HttpResponse.json(sessionFor(fakeUser('cafe@example.com')));
      }),
    );
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'cafe@example.com');
    await user.click(screen.getByRole('button', { name: 'Use a password instead' }));
    expect(screen.getByLabelText('Email')).toHaveValue('cafe@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'venue-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(async () =>
      expect((await supabase.auth.getSession()).data.session?.user.email).toBe('cafe@example.com'),
    );
    expect(sent).toEqual({ email: 'cafe@example.com', password: 'venue-pass', gotrue_meta_security: {} });
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link instead' }));
    expect(screen.getByRole('button', { name: 'Send Sign-in Link' })).toBeInTheDocument();
  });

  it('links to the admin sign-in', async () => {
    const { user, router } = renderSignIn();
    await user.click(screen.getByRole('link', { name: 'Admin sign-in' }));
    expect(router.state.location.pathname).toBe('/admin');
  });
});

describe('customer sign-in in another language', () => {
  it('lets a visitor choose Spanish before signing in, and keeps the choice on the device', async () => {
    const { user } = renderSignIn();
    expect(screen.getByRole('heading', { name: /Customer sign-in/ })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');

    expect(await screen.findByRole('heading', { name: /Acceso de clientes/ })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('signage:locale')).toBe('es');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace de acceso' }));
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acceso de administración' })).toHaveAttribute('href', '/admin');
  });

  it('opens in the language kept on the device', async () => {
    await i18n.changeLanguage('de');
    renderSignIn();
    expect(await screen.findByRole('heading', { name: /Anmeldung für Kunden/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });
});
