import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { expectListLayout } from '@tests/setup/list-layout';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { typeAtOnce } from '@tests/setup/typing';
import { customerRow, customersRead, customersUrl, postgrestError, type Recorded } from '../customer-fixtures';
import { CustomersListRoute } from './customers-list';

function renderList() {
  return renderRoutes(
    [
      { path: '/dashboard/customers', element: <CustomersListRoute /> },
      { path: '/dashboard/customers/add', element: <h1>Add page</h1> },
      { path: '/dashboard/customers/view/:id', element: <h1>View page</h1> },
      { path: '/dashboard/customers/edit/:id', element: <h1>Edit page</h1> },
    ],
    { url: '/dashboard/customers' },
  );
}

const cafe = customerRow({ name: 'Corner Cafe', location: '12 Main St, Springfield', email: 'cafe@example.com' });
const gym = customerRow({
  name: 'Peak Gym',
  location: 'Harbour Road',
  email: 'gym@example.com',
  status: 'maintenance',
});
const shop = customerRow({ name: 'Book Shop', location: 'Old Town', email: 'books@example.com', status: 'inactive' });

afterEach(() => vi.restoreAllMocks());

/** Answers the delete dialog's reads: the customer's campaigns (their slide counts) and screens. */
function deleteImpact({ campaigns, screens }: { campaigns: number[]; screens: number }) {
  return [
    http.get(restUrl('/campaigns'), () => HttpResponse.json(campaigns.map((slide_count) => ({ slide_count })))),
    http.head(
      restUrl('/equipment_status'),
      () => new HttpResponse(null, { headers: { 'Content-Range': `*/${screens}` } }),
    ),
  ];
}

function card(name: string) {
  return screen.getByRole('heading', { name }).closest('li') as HTMLElement;
}

describe('customers list', () => {
  it('shows a skeleton, then cards with name, location, e-mail and status, and the counts', async () => {
    const recorded: Recorded = { lists: [] };
    server.use(...customersRead([cafe, gym, shop], recorded));
    renderList();

    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading customers...');
    expect(await screen.findByRole('heading', { name: 'Corner Cafe' })).toBeInTheDocument();
    const cafeCard = within(card('Corner Cafe'));
    expect(cafeCard.getByText('12 Main St, Springfield')).toBeInTheDocument();
    expect(cafeCard.getByText('cafe@example.com')).toBeInTheDocument();
    expect(cafeCard.getByText('Active')).toBeInTheDocument();
    expect(within(card('Peak Gym')).getByText('Maintenance')).toBeInTheDocument();
    expect(within(card('Book Shop')).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('3 customers')).toBeInTheDocument();
    expectListLayout({
      title: 'Customers',
      action: 'Add Customer',
      counters: 'Customer counts',
      search: 'Search customers',
      list: 'Customers',
    });

    // The counts add up: every status has its own, maintenance included.
    const counts = within(screen.getByRole('region', { name: 'Customer counts' }));
    const count = (label: string) => counts.getByRole('group', { name: label });
    await waitFor(() => expect(count('Total Customers')).toHaveTextContent('3'));
    expect(count('Active')).toHaveTextContent('1');
    expect(count('Inactive')).toHaveTextContent('1');
    expect(count('Maintenance')).toHaveTextContent('1');

    // Newest first, the first page of 24, counted by the database.
    const list = recorded.lists[0]!;
    expect(list.get('order')).toBe('created_at.desc,id.desc');
    expect(list.get('offset')).toBe('0');
    expect(list.get('limit')).toBe('24');
    expect(list.get('or')).toBeNull();
    expect(list.get('status')).toBeNull();
  });

  it('links each card to its detail and edit pages, and offers Add Customer', async () => {
    server.use(...customersRead([cafe]));
    const { user, router } = renderList();
    await user.click(await screen.findByRole('link', { name: 'View Corner Cafe' }));
    expect(router.state.location.pathname).toBe(`/dashboard/customers/view/${cafe.id}`);
    await router.navigate('/dashboard/customers');
    await user.click(await screen.findByRole('link', { name: 'Edit Corner Cafe' }));
    expect(router.state.location.pathname).toBe(`/dashboard/customers/edit/${cafe.id}`);
    await router.navigate('/dashboard/customers');
    await user.click(await screen.findByRole('link', { name: 'Add Customer' }));
    expect(router.state.location.pathname).toBe('/dashboard/customers/add');
  });

  it('sends the search (by name or location, after a pause in typing) and the status filter to the server', async () => {
    const recorded: Recorded = { lists: [] };
    server.use(...customersRead([cafe], recorded));
    const { user } = renderList();
    await screen.findByRole('heading', { name: 'Corner Cafe' });

    await typeAtOnce(screen.getByLabelText('Search customers'), 'main, st');
    await waitFor(() =>
      expect(recorded.lists.at(-1)?.get('or')).toBe('(name.ilike."*main, st*",location.ilike."*main, st*")'),
    );
    // One request after the pause in typing, not one per key.
    expect(recorded.lists.filter((q) => q.get('or') !== null)).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Status'), 'maintenance');
    await waitFor(() => expect(recorded.lists.at(-1)?.get('status')).toBe('eq.maintenance'));
    expect(recorded.lists.at(-1)?.get('or')).toBe('(name.ilike."*main, st*",location.ilike."*main, st*")');
  });

  it('matches LIKE wildcards and quotes in the search literally', async () => {
    const recorded: Recorded = { lists: [] };
    server.use(...customersRead([cafe], recorded));
    const { user } = renderList();
    await screen.findByRole('heading', { name: 'Corner Cafe' });
    await user.type(screen.getByLabelText('Search customers'), '50%_"x');
    await waitFor(() =>
      expect(recorded.lists.at(-1)?.get('or')).toBe(
        String.raw`(name.ilike."*50\\%\\_\"x*",location.ilike."*50\\%\\_\"x*")`,
      ),
    );
  });

  it('pages through the list as every list does, the page in the address', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => customerRow({ name: `Venue ${i + 1}` }));
    const recorded: Recorded = { lists: [] };
    server.use(...customersRead(rows, recorded));
    const { user, router } = renderList();
    expect(await screen.findByText('Showing 1–24 of 30 customers')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Venue 25' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Venue 30' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Venue 1' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 25–30 of 30 customers')).toBeInTheDocument();
    expect(recorded.lists.at(-1)?.get('offset')).toBe('24');
    expect(router.state.location.search).toBe('?page=1');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('has an empty state with Add Customer when there are no customers', async () => {
    server.use(...customersRead([]));
    const { user, router } = renderList();
    expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Add Customer' });
    expect(links).toHaveLength(2);
    await user.click(links[1]!);
    expect(router.state.location.pathname).toBe('/dashboard/customers/add');
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const recorded: Recorded = { lists: [] };
    server.use(...customersRead([], recorded));
    const { user } = renderList();
    await screen.findByRole('heading', { name: 'No customers yet' });
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    expect(await screen.findByRole('heading', { name: 'No customers match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { name: 'No customers yet' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('all');
  });

  it('shows the error with a retry that loads the list again', async () => {
    let fail = true;
    server.use(
      http.get(customersUrl, () => (fail ? postgrestError(500, 'XX000', 'database is down') : undefined)),
      ...customersRead([cafe]),
    );
    const { user } = renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load customers');
    expect(alert).toHaveTextContent('database is down');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Corner Cafe' })).toBeInTheDocument();
  });

  it('deactivates an active customer and activates any other, then reloads the list', async () => {
    const patches: { id: string | null; body: unknown }[] = [];
    server.use(
      http.patch(customersUrl, async ({ request }) => {
        const body = (await request.json()) as { status: string };
        const id = new URL(request.url).searchParams.get('id');
        patches.push({ id, body });
        const row = [cafe, gym].find((r) => `eq.${r.id}` === id)!;
        return HttpResponse.json({ ...row, ...body });
      }),
      ...customersRead([cafe, gym]),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Corner Cafe' }));
    expect(await screen.findByText('Corner Cafe deactivated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate Peak Gym' }));
    expect(await screen.findByText('Peak Gym activated')).toBeInTheDocument();
    expect(patches).toEqual([
      { id: `eq.${cafe.id}`, body: { status: 'inactive' } },
      { id: `eq.${gym.id}`, body: { status: 'active' } },
    ]);
  });

  it('logs a failed toggle and tells the user', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.patch(customersUrl, () => postgrestError(403, '42501', 'permission denied for table customers')),
      ...customersRead([cafe]),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Corner Cafe' }));
    expect(await screen.findByText('Failed to update customer')).toBeInTheDocument();
    expect(screen.getByText('permission denied for table customers')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('asks before deleting; Cancel sends nothing, Delete removes the customer', async () => {
    const deleted: (string | null)[] = [];
    let rows = [cafe, gym];
    server.use(
      http.delete(customersUrl, ({ request }) => {
        const id = new URL(request.url).searchParams.get('id');
        deleted.push(id);
        rows = rows.filter((r) => `eq.${r.id}` !== id);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(customersUrl, () =>
        HttpResponse.json(rows, { headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` } }),
      ),
      http.head(customersUrl, () => new HttpResponse(null, { headers: { 'Content-Range': `*/${rows.length}` } })),
      ...deleteImpact({ campaigns: [3, 2], screens: 1 }),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Corner Cafe' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Corner Cafe?' });
    expect(dialog).toHaveTextContent('Corner Cafe and their details will be permanently deleted.');
    // It says what goes with the customer: their campaigns and slides; and what stays.
    expect(
      await within(dialog).findByText(
        'Their 2 campaigns (5 slides) will be deleted too and stop playing at once. Their screen stays in Equipment Status, without a venue.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Corner Cafe' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([`eq.${cafe.id}`]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Corner Cafe' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Peak Gym' })).toBeInTheDocument();
  });

  it('keeps the dialog open with a message when deleting fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.delete(customersUrl, () =>
        postgrestError(409, '23503', 'update or delete on table "customers" violates foreign key constraint'),
      ),
      ...customersRead([cafe]),
      ...deleteImpact({ campaigns: [], screens: 0 }),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Corner Cafe' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByText('Corner Cafe has no campaigns.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete customer. Please try again.');
    // The card stays (behind the modal dialog, hidden from assistive technology meanwhile).
    expect(screen.getByRole('heading', { name: 'Corner Cafe', hidden: true })).toBeInTheDocument();
  });
});
