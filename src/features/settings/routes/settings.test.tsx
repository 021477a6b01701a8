import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { onGetUser } from '@tests/setup/mfa-mocks';
import { fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { i18n } from '@/i18n';
import { formatMoney, networkCurrency, setNetworkCurrency } from '@/lib/format';
import { SettingsRoute } from './settings';

const ADMINS = [
  { id: 'a1', email: 'admin@example.com' },
  { id: 'a2', email: 'ops@example.com' },
];

function serve(
  settings = { offline_after_minutes: 5, email_enabled: true, portal_url: null as string | null },
  recipients = ['a1'],
) {
  const saves: unknown[] = [];
  server.use(
    http.get(restUrl('/alert_settings'), () => HttpResponse.json(settings)),
    // The loops section beside it reads the network's default loop.
    http.get(restUrl('/network_settings'), () => HttpResponse.json({ default_loop_seconds: 300 })),
    http.get(restUrl('/alert_recipients'), () => HttpResponse.json(recipients.map((user_id) => ({ user_id })))),
    http.get(restUrl('/users'), () => HttpResponse.json(ADMINS)),
    // The two-factor section beside it reads the admin's factors (none).
    onGetUser(() => []),
    http.post(restUrl('/rpc/save_alert_settings'), async ({ request }) => {
      saves.push(await request.json());
      return HttpResponse.json({ id: true });
    }),
  );
  return saves;
}

const open = () =>
  renderRoutes([{ path: '/dashboard/settings', element: <SettingsRoute /> }], { url: '/dashboard/settings' });

describe('settings: offline alerts', () => {
  it('shows the saved settings and saves a change with the chosen admins in one call', async () => {
    const saves = serve();
    const { user } = open();
    const minutes = await screen.findByLabelText('Alert after (minutes without a heartbeat)');
    expect(minutes).toHaveValue(5);
    expect(screen.getByRole('switch', { name: 'E-mail alerts' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'admin@example.com' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'ops@example.com' })).not.toBeChecked();
    // No address saved yet: the one this admin uses now.
    expect(screen.getByLabelText('Portal address')).toHaveValue(window.location.origin);

    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.click(screen.getByRole('checkbox', { name: 'ops@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      p_offline_after_minutes: 15,
      p_email_enabled: true,
      p_recipient_ids: ['a1', 'a2'],
      p_portal_url: window.location.origin,
    });
    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
  });

  it('refuses a threshold out of range and e-mails to nobody at the fields, sending nothing', async () => {
    const saves = serve();
    const { user } = open();
    const minutes = await screen.findByLabelText('Alert after (minutes without a heartbeat)');
    await user.clear(minutes);
    await user.type(minutes, '2');
    await user.click(await screen.findByRole('checkbox', { name: 'admin@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('At least 3 minutes (screens report every minute)')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one admin to e-mail, or turn e-mails off.')).toBeInTheDocument();
    expect(minutes).toHaveAccessibleDescription(expect.stringContaining('At least 3 minutes'));
    expect(saves).toHaveLength(0);

    // E-mails off: nobody needs to be chosen.
    await user.clear(minutes);
    await user.type(minutes, '10');
    await user.click(screen.getByRole('switch', { name: 'E-mail alerts' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ p_offline_after_minutes: 10, p_email_enabled: false, p_recipient_ids: [] });
  });

  it('keeps the edits and shows the database’s refusal at its field when the save fails', async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/save_alert_settings'), () =>
        HttpResponse.json(
          { code: '23514', message: 'Only admins can receive alert e-mails.', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const { user } = open();
    const minutes = await screen.findByLabelText('Alert after (minutes without a heartbeat)');
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Only admins can receive alert e-mails.')).toBeInTheDocument();
    expect(minutes).toHaveValue(30);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('offers a retry when the settings cannot be read', async () => {
    serve();
    server.use(http.get(restUrl('/alert_settings'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    open();
    const failed = await screen.findByText('Alert settings could not be loaded');
    expect(
      within(failed.closest('[role="alert"]') ?? failed.parentElement!.parentElement!).getByRole('button', {
        name: /try again/i,
      }),
    ).toBeInTheDocument();
  });
});

describe('settings: loops', () => {
  it('shows the default loop and saves a new one for new screens', async () => {
    serve();
    const updates: { body: unknown; query: string }[] = [];
    server.use(
      http.patch(restUrl('/network_settings'), async ({ request }) => {
        updates.push({ body: await request.json(), query: new URL(request.url).search });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = open();
    const loop = await screen.findByLabelText('Loop length for new screens (seconds)');
    expect(loop).toHaveValue(300);
    const section = screen.getByRole('form', { name: 'Loops' });
    await user.clear(loop);
    await user.type(loop, '240');
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({ body: { default_loop_seconds: 240 }, query: '?id=eq.true' });
    expect(await screen.findByText('Network settings saved')).toBeInTheDocument();
  });

  it('refuses a loop out of range at the field and sends nothing', async () => {
    serve();
    let sent = 0;
    server.use(
      http.patch(restUrl('/network_settings'), () => {
        sent++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = open();
    const loop = await screen.findByLabelText('Loop length for new screens (seconds)');
    await user.clear(loop);
    await user.type(loop, '20');
    await user.click(within(screen.getByRole('form', { name: 'Loops' })).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('At least 30 seconds')).toBeInTheDocument();
    expect(loop).toHaveAccessibleDescription(expect.stringContaining('At least 30 seconds'));
    expect(loop).toHaveValue(20);
    expect(sent).toBe(0);
  });
});

describe('settings: currency', () => {
  it('offers common currencies by name, saves the chosen one, and every amount is shown in it at once', async () => {
    serve();
    // An admin (the role that may change settings) is signed in.
    storeSession(fakeUser('admin@example.com'));
    const updates: unknown[] = [];
    server.use(
      onUserRole('admin'),
      http.get(restUrl('/network_settings'), () => HttpResponse.json({ default_loop_seconds: 300, currency: 'USD' })),
      http.patch(restUrl('/network_settings'), async ({ request }) => {
        updates.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = open();
    const currency = await screen.findByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('USD');
    expect(within(currency).getByRole('option', { name: 'Euro (EUR)' })).toBeInTheDocument();
    expect(within(currency).getByRole('option', { name: 'Japanese Yen (JPY)' })).toBeInTheDocument();

    // Open to change once the admin's role is known.
    await waitFor(() => expect(currency).toBeEnabled());
    await user.selectOptions(currency, 'EUR');
    await user.click(within(screen.getByRole('form', { name: 'Currency' })).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updates).toEqual([{ currency: 'EUR' }]));
    expect(await screen.findByText('Currency saved')).toBeInTheDocument();
    expect(networkCurrency()).toBe('EUR');
    expect(formatMoney(12.5)).toBe('€12.50');
    setNetworkCurrency('USD');
  });

  it('names the currencies in the screen’s language', async () => {
    await i18n.changeLanguage('de');
    serve();
    open();
    const currency = await screen.findByRole('combobox', { name: 'Währung' });
    expect(within(currency).getByRole('option', { name: 'Euro (EUR)' })).toBeInTheDocument();
    expect(within(currency).getByRole('option', { name: 'US-Dollar (USD)' })).toBeInTheDocument();
    expect(within(currency).getByRole('option', { name: 'Schweizer Franken (CHF)' })).toBeInTheDocument();
  });
});
