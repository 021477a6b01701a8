import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { enrolAnswer, FACTOR_ID, fakeFactor, onChallenge, onGetUser, sessionWithAal } from '@tests/setup/mfa-mocks';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { authError, authUrl, STORAGE_KEY } from '@tests/setup/supabase-mocks';
import { TwoFactorSettings } from './two-factor-settings';

function renderSettings(session = sessionWithAal('aal1', [])) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  return renderRoutes([{ path: '/dashboard/settings', element: <TwoFactorSettings /> }], {
    url: '/dashboard/settings',
  });
}

describe('two-factor sign-in settings', () => {
  it('turns it on: QR code and key, then the first code from the app verifies the factor', async () => {
    let factors: ReturnType<typeof fakeFactor>[] = [];
    let enrolled: unknown;
    let verified: unknown;
    server.use(
      onGetUser(() => factors),
      http.post(authUrl('/factors'), async ({ request }) => {
        enrolled = await request.json();
        factors = [fakeFactor('unverified')];
        return HttpResponse.json(enrolAnswer());
      }),
      onChallenge(),
      http.post(authUrl(`/factors/${FACTOR_ID}/verify`), async ({ request }) => {
        verified = await request.json();
        factors = [fakeFactor('verified')];
        return HttpResponse.json(sessionWithAal('aal2'));
      }),
    );
    const { user } = renderSettings();

    expect(await screen.findByText(/two-factor sign-in is off/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(enrolled).toEqual({ factor_type: 'totp', friendly_name: 'Authenticator app', issuer: 'Signage Portal' });

    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    expect(await screen.findByText(/two-factor sign-in is on: authenticator app added/i)).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(verified).toEqual({ challenge_id: 'c4a11e00-0000-4000-8000-000000000001', code: '123456' });
  });

  it('asks for six digits before sending, and says so when the app’s code is wrong', async () => {
    let verifyCalls = 0;
    server.use(
      onGetUser(() => []),
      http.post(authUrl('/factors'), () => HttpResponse.json(enrolAnswer())),
      onChallenge(),
      http.post(authUrl(`/factors/${FACTOR_ID}/verify`), () => {
        verifyCalls++;
        return authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
      }),
    );
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const code = await screen.findByLabelText('Code from the app');

    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(verifyCalls).toBe(0);

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Enter the code your authenticator app shows now.',
    );
    expect(verifyCalls).toBe(1);
  });

  it('cancelling a set-up removes the unfinished factor', async () => {
    const removed: string[] = [];
    server.use(
      onGetUser(() => []),
      http.post(authUrl('/factors'), () => HttpResponse.json(enrolAnswer())),
      http.delete(authUrl('/factors/:id'), ({ params }) => {
        removed.push(String(params.id));
        return HttpResponse.json({ id: params.id });
      }),
    );
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
    expect(removed).toEqual([FACTOR_ID]);
  });

  it('a set-up left unfinished earlier is removed before a new one starts', async () => {
    const removed: string[] = [];
    const stale = fakeFactor('unverified', 'aaaaaaaa-0000-4000-8000-000000000000');
    server.use(
      onGetUser(() => [stale]),
      http.delete(authUrl('/factors/:id'), ({ params }) => {
        removed.push(String(params.id));
        return HttpResponse.json({ id: params.id });
      }),
      http.post(authUrl('/factors'), () => HttpResponse.json(enrolAnswer())),
    );
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: /qr code/i })).toBeInTheDocument();
    expect(removed).toEqual([stale.id]);
  });

  it('shows it is on, and turns it off after asking', async () => {
    let factors = [fakeFactor('verified')];
    const removed: string[] = [];
    server.use(
      onGetUser(() => factors),
      http.delete(authUrl('/factors/:id'), ({ params }) => {
        removed.push(String(params.id));
        factors = [];
        return HttpResponse.json({ id: params.id });
      }),
    );
    const { user } = renderSettings(sessionWithAal('aal2'));
    expect(await screen.findByText(/two-factor sign-in is on: authenticator app added/i)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText(/two-factor sign-in is off/i)).toBeInTheDocument();
    expect(removed).toEqual([FACTOR_ID]);
  });

  it('shows Auth’s refusal when turning off fails, and keeps the dialog open', async () => {
    server.use(
      onGetUser(() => [fakeFactor('verified')]),
      http.delete(authUrl('/factors/:id'), () =>
        authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor'),
      ),
    );
    const { user } = renderSettings(sessionWithAal('aal2'));
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('AAL2 required to unenroll verified factor');
  });

  it('says when the factors cannot be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get(authUrl('/user'), () =>
        fail
          ? authError(500, 'unexpected_failure', 'database unavailable')
          : HttpResponse.json(sessionWithAal('aal1', []).user),
      ),
    );
    const { user } = renderSettings();
    expect(await screen.findByText('Two-factor sign-in could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText(/two-factor sign-in is off/i)).toBeInTheDocument();
  });
});
