import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import {
  emptyPlaylist,
  fakeUser,
  functionsUrl,
  onPlayerPlaylist,
  onUserRole,
  storeSession,
} from '@tests/setup/supabase-mocks';
import { playlistSpot } from '@/entities/playlist/playlist-fixtures';
import { customerRow, customersRead, customersUrl, postgrestError, storageUrl } from '../customer-fixtures';
import { CustomerViewRoute } from './customer-view';

const cafe = customerRow({
  name: 'Corner Cafe',
  username: 'cornercafe',
  email: 'cafe@example.com',
  location: '12 Main St',
  contact_phone: '555-0100',
  about_business: 'Coffee and pastries',
  note: 'Two 43-inch screens',
  notes: 'Open 7am to 6pm',
  signup_date: '2026-01-15',
  installation_date: '2026-02-01',
  status: 'active',
  monthly_fee: 149.5,
  location_photo: 'c1/1700000000000-abcdefgh.jpg',
  agreement_file: 'customer-files/c1/1700000000000-ijklmnop.pdf',
});
const cafeBank = { [cafe.id]: { bank_name: 'First Bank', account_number: '123456789', routing_number: '021000021' } };

function renderView(id = cafe.id) {
  return renderRoutes(
    [
      { path: '/dashboard/customers', element: <h1>Customers list</h1> },
      { path: '/dashboard/customers/view/:id', element: <CustomerViewRoute /> },
      { path: '/dashboard/customers/edit/:id', element: <h1>Edit page</h1> },
    ],
    { url: `/dashboard/customers/view/${id}` },
  );
}

afterEach(() => vi.restoreAllMocks());

let playlistArgs: Record<string, unknown>[] = [];
beforeEach(() => {
  playlistArgs = [];
  server.use(
    onPlayerPlaylist((args) => {
      playlistArgs.push(args);
      return emptyPlaylist;
    }),
  );
});

function section(title: string) {
  return within(screen.getByRole('heading', { name: title }).parentElement!.parentElement!);
}

describe('customer detail', () => {
  it('shows what plays now at the venue, as player_playlist() says for that customer', async () => {
    server.use(
      ...customersRead([cafe]),
      onPlayerPlaylist((args) => {
        playlistArgs.push(args);
        return {
          version: 'v1',
          customer: { id: cafe.id, name: cafe.name, time_zone: 'America/New_York' },
          today: '2026-11-23',
          slides: [
            { id: 's1', title: 'Latte of the Week', slide_type: 'advertisement', duration: 10 },
            { id: 's2', title: 'Headlines', slide_type: 'news', duration: 20 },
          ],
        };
      }),
    );
    renderView();
    expect(await screen.findByRole('heading', { name: 'Corner Cafe', level: 1 })).toBeInTheDocument();
    // The playlist is read once the customer is known.
    const list = await screen.findByRole('list', { name: 'Playing now' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.Latte of the Week· Advertisement · 10s', '2.Headlines· News · 20s']);
    expect(screen.getByText('2 slides, 0:30 per loop (2026-11-23, America/New York)')).toBeInTheDocument();
    expect(playlistArgs).toEqual([{ p_customer_id: cafe.id }]);
  });

  it('lists the advertisers’ spots on air in the venue’s loops, with the screens they are booked on', async () => {
    server.use(
      ...customersRead([cafe]),
      onPlayerPlaylist(() => ({
        version: 'v2',
        customer: { id: cafe.id, name: cafe.name, time_zone: 'America/New_York' },
        today: '2026-11-23',
        slides: [{ id: 's1', title: 'Latte of the Week', slide_type: 'advertisement', duration: 10 }],
        loop_seconds: null,
        spots: [
          playlistSpot('n1', [{ id: 'a1', title: 'Brightline 5G', duration: 15 }], {
            campaign_name: 'Brightline 5G on the street',
            advertiser_name: 'Brightline Mobile',
            spots_per_loop: 2,
            device_ids: ['e1', 'e2'],
          }),
          playlistSpot('n2', [{ id: 'a2', title: 'Evening offer' }], { on_air: false, device_ids: ['e1'] }),
        ],
      })),
    );
    renderView();
    const spots = await screen.findByRole('list', { name: 'Advertisers’ spots' });
    expect(
      within(spots)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Brightline 5G on the street· Brightline Mobile · 2 spots of 15s per loop · on 2 screens']);
  });

  it('shows information, status, dates, notes, banking and files', async () => {
    storeSession(fakeUser('admin@example.com'));
    server.use(onUserRole('admin'), ...customersRead([cafe], undefined, cafeBank));
    renderView();
    expect(await screen.findByRole('heading', { name: 'Corner Cafe', level: 1 })).toBeInTheDocument();

    const info = section('Customer Information');
    expect(info.getByText('cornercafe')).toBeInTheDocument();
    expect(info.getByText('cafe@example.com')).toBeInTheDocument();
    expect(info.getByText('555-0100')).toBeInTheDocument();
    expect(info.getByText('12 Main St')).toBeInTheDocument();
    expect(info.getByText('Digital Display')).toBeInTheDocument();
    expect(info.getByText('Coffee and pastries')).toBeInTheDocument();

    expect(section('Status').getByText('Active')).toBeInTheDocument();
    expect(section('Status').getByText('$149.50')).toBeInTheDocument();
    expect(section('Dates').getByText('Jan 15, 2026')).toBeInTheDocument();
    expect(section('Dates').getByText('Feb 1, 2026')).toBeInTheDocument();
    expect(section('Notes').getByText('Two 43-inch screens')).toBeInTheDocument();
    expect(section('Notes').getByText('Open 7am to 6pm')).toBeInTheDocument();
    // The section shows once the admin's role is known.
    expect(await screen.findByRole('heading', { name: 'Banking' })).toBeInTheDocument();
    expect(section('Banking').getByText('First Bank')).toBeInTheDocument();
    expect(section('Banking').getByText('•••• 6789')).toBeInTheDocument();
    expect(section('Banking').getByText('021000021')).toBeInTheDocument();
    expect(section('Files').getByRole('button', { name: /View Location Photo/ })).toBeInTheDocument();
    expect(section('Files').getByRole('button', { name: /View Agreement/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/dashboard/customers/edit/${cafe.id}`);
  });

  it('shows no banking section to a team member who may not see bank details', async () => {
    storeSession(fakeUser('olivia@example.com'));
    let roleRead = false;
    // Even were bank details answered, the page would not show them to an operator.
    server.use(
      onUserRole(() => ((roleRead = true), HttpResponse.json({ role: 'operator' }))),
      ...customersRead([cafe], undefined, cafeBank),
    );
    renderView();
    expect(await screen.findByRole('heading', { name: 'Corner Cafe', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(roleRead).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(section('Status').getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Banking' })).not.toBeInTheDocument();
    expect(screen.queryByText('Account number')).not.toBeInTheDocument();
  });

  it('shows the language of the venue’s screens, and its files by the names they were uploaded with', async () => {
    const venue = customerRow({
      name: 'Bar Central',
      locale: 'es',
      location_photo: 'c2/Front door--1795389809570-g7hwtulb.jpg',
      agreement_file: 'c2/1700000000000-ijklmnop.pdf',
    });
    server.use(...customersRead([venue]));
    renderView(venue.id);
    await screen.findByRole('heading', { name: 'Bar Central', level: 1 });
    expect(section('Dates').getByText('Screen language').nextElementSibling).toHaveTextContent('Español');
    const files = section('Files');
    expect(files.getByText('Front door.jpg')).toBeInTheDocument();
    // A file stored under a generated name only shows no name that means nothing to people.
    expect(files.queryByText(/ijklmnop/)).not.toBeInTheDocument();
    expect(files.getByRole('button', { name: /View Agreement/ })).toBeInTheDocument();
  });

  it("says 'Not set' and 'No files uploaded' for what is missing", async () => {
    const bare = customerRow({ name: 'Bare Venue', monthly_fee: null });
    server.use(...customersRead([bare]));
    renderView(bare.id);
    await screen.findByRole('heading', { name: 'Bare Venue', level: 1 });
    expect(section('Status').getByText('Not set')).toBeInTheDocument();
    expect(section('Files').getByText('No files uploaded')).toBeInTheDocument();
  });

  it('makes a 60-second signed link when a file is clicked, not before, and opens it in a new tab', async () => {
    const signed: { path: string; body: unknown }[] = [];
    server.use(
      ...customersRead([cafe]),
      http.post(storageUrl('/object/sign/customer-files/*'), async ({ request }) => {
        const path = new URL(request.url).pathname.replace(/^.*\/object\/sign\/customer-files\//, '');
        signed.push({ path, body: await request.json() });
        return HttpResponse.json({ signedURL: `/object/sign/customer-files/${path}?token=t` });
      }),
    );
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderView();
    await screen.findByRole('heading', { name: 'Corner Cafe', level: 1 });
    expect(signed).toEqual([]);

    await user.click(screen.getByRole('button', { name: /View Agreement/ }));
    await waitFor(() => expect(tab.location.href).toContain('token=t'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    // The part after 'customer-files/' of the stored value is what is signed.
    expect(signed).toEqual([{ path: 'c1/1700000000000-ijklmnop.pdf', body: { expiresIn: 60 } }]);
    expect(tab.location.href).toBe(storageUrl('/object/sign/customer-files/c1/1700000000000-ijklmnop.pdf?token=t'));
  });

  it('closes the tab and says so when the link cannot be made', async () => {
    server.use(
      ...customersRead([cafe]),
      http.post(storageUrl('/object/sign/customer-files/*'), () =>
        HttpResponse.json({ statusCode: '404', error: 'not_found', message: 'Object not found' }, { status: 400 }),
      ),
    );
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: /View Location Photo/ }));
    expect(await screen.findByText('Could not open the file')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it("shows 'Customer not found' with a way back for an unknown id", async () => {
    server.use(...customersRead([cafe]));
    const { user, router } = renderView('c0000000-0000-4000-8000-00000000ffff');
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Customers' }));
    expect(router.state.location.pathname).toBe('/dashboard/customers');
  });

  it('treats an id that is not a UUID as not found, without asking the server', async () => {
    renderView('not-a-uuid');
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    server.use(http.get(customersUrl, () => postgrestError(500, 'XX000', 'database is down')));
    renderView();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('database is down');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Set Password dialog', () => {
  async function openDialog() {
    server.use(...customersRead([cafe]));
    const rendered = renderView();
    await rendered.user.click(await screen.findByRole('button', { name: 'Set Password' }));
    const dialog = screen.getByRole('dialog', { name: 'Set Password' });
    return { ...rendered, dialog: within(dialog) };
  }

  it('asks for at least 6 characters, confirmed', async () => {
    let called = false;
    server.use(http.post(functionsUrl('set-users-password'), () => ((called = true), HttpResponse.json({ ok: true }))));
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('New password'), 'abc');
    await user.type(dialog.getByLabelText('Confirm password'), 'abc');
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
    expect(await dialog.findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('New password'));
    await user.type(dialog.getByLabelText('New password'), 'abcdef');
    await user.clear(dialog.getByLabelText('Confirm password'));
    await user.type(dialog.getByLabelText('Confirm password'), 'abcdeg');
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
    expect(await dialog.findByText('Passwords do not match')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it("sends the customer's username and the new password, and says it worked", async () => {
    let body: unknown;
    server.use(
      http.post(functionsUrl('set-users-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('New password'), 'new-secret');
    await user.type(dialog.getByLabelText('Confirm password'), 'new-secret');
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
    expect(await dialog.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(body).toEqual({ username: 'cornercafe', newPassword: 'new-secret' });
    // It says what the password is for, and quotes no username that is used nowhere.
    const description = screen.getByRole('dialog', { name: 'Set Password' });
    expect(description).toHaveAccessibleDescription(/on the sign-in page \(“Use a password instead”\)/);
    expect(description).not.toHaveTextContent('username');
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's error text", async () => {
    server.use(
      http.post(functionsUrl('set-users-password'), () =>
        HttpResponse.json({ error: 'More than one customer has this username' }, { status: 409 }),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('New password'), 'new-secret');
    await user.type(dialog.getByLabelText('Confirm password'), 'new-secret');
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('More than one customer has this username');
  });

  it("says 'Failed to set password' when the reply has no error text", async () => {
    server.use(http.post(functionsUrl('set-users-password'), () => new HttpResponse('Bad gateway', { status: 502 })));
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('New password'), 'new-secret');
    await user.type(dialog.getByLabelText('Confirm password'), 'new-secret');
    await user.click(dialog.getByRole('button', { name: 'Set Password' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to set password');
  });
});
