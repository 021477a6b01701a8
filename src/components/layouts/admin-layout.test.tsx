import userEvent from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onLogout, STORAGE_KEY, storeSession } from '@tests/setup/supabase-mocks';
import { AdminLayout, type ShellFigures } from './admin-layout';

const FIGURES: ShellFigures = {
  sidebar: [
    { label: 'Campaigns', value: '7' },
    { label: 'Displays', value: '12', hint: '9 of 12 online now' },
    { label: 'Uptime', value: '—', hint: 'No screen history yet' },
  ],
  unresolvedAlerts: 3,
};

function renderLayout(url: string, figures: ShellFigures = FIGURES) {
  return renderRoutes(
    [
      {
        element: <AdminLayout figures={figures} />,
        children: [{ path: '/dashboard/*', element: <h1>Page content</h1> }],
      },
      { path: '/admin', element: <h1>Admin sign-in page</h1> },
    ],
    { url },
  );
}

const sidebar = () => within(screen.getByRole('complementary', { name: 'Sidebar' }));

function activeLinks() {
  return sidebar()
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('admin layout', () => {
  it('shows the sidebar header, the figures it is given and both link groups', () => {
    renderLayout('/dashboard');
    expect(sidebar().getByText('Dashboard', { selector: 'p' })).toBeInTheDocument();
    // The product's mark heads the sidebar, above the Dashboard title.
    const mark = sidebar().getByText('Signage Portal');
    expect(
      mark.compareDocumentPosition(sidebar().getByText('Dashboard', { selector: 'p' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(sidebar().getByText(/ad display portal content management system/i)).toBeInTheDocument();
    const figures: [string, string][] = [
      ['7', 'Campaigns'],
      ['12 (9 of 12 online now)', 'Displays'],
      ['— (No screen history yet)', 'Uptime'],
    ];
    for (const [value, label] of figures) {
      const term = sidebar().getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling).toHaveTextContent(value);
    }
    expect(sidebar().getByRole('heading', { name: 'General' })).toBeInTheDocument();
    expect(sidebar().getByRole('heading', { name: 'Components' })).toBeInTheDocument();
    const links = sidebar()
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Alerts', '/dashboard/alerts'],
      ['Customers', '/dashboard/customers'],
      ['Advertisers', '/dashboard/advertisers'],
      ['Campaigns', '/dashboard/campaigns'],
      ['Reports', '/dashboard/reports'],
      ['Equipment Status', '/dashboard/equipment'],
      ['Screen Groups', '/dashboard/groups'],
      ['Availability', '/dashboard/availability'],
      ['Activity', '/dashboard/activity'],
      ['Settings', '/dashboard/settings'],
      ['Team', '/dashboard/team'],
    ]);
    expect(screen.getByText('Page content')).toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard/customers', 'Customers'],
    ['/dashboard/customers/edit/12', 'Customers'],
    ['/dashboard/advertisers/view/3', 'Advertisers'],
    ['/dashboard/campaigns/builder/9', 'Campaigns'],
    ['/dashboard/campaigns/test-dynamic', 'Campaigns'],
    ['/dashboard/reports', 'Reports'],
    ['/dashboard/equipment', 'Equipment Status'],
    ['/dashboard/groups', 'Screen Groups'],
    ['/dashboard/availability', 'Availability'],
    ['/dashboard/activity', 'Activity'],
    ['/dashboard/settings', 'Settings'],
  ])('at %s marks only %s as the current page', (url, label) => {
    renderLayout(url);
    expect(activeLinks()).toEqual([label]);
  });

  it('marks no link on a path that only starts like a menu path', () => {
    renderLayout('/dashboard/customersx');
    expect(activeLinks()).toEqual([]);
  });

  it('has the top bar’s search, language, notifications and inert buttons', () => {
    renderLayout('/dashboard');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search here.....');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    const bell = screen.getByRole('link', { name: 'Notifications: 3 unresolved alerts' });
    expect(bell).toHaveAttribute('href', '/dashboard/alerts?state=unresolved');
    expect(bell).toHaveTextContent('3');
    for (const name of ['Toggle fullscreen', 'Favourites', 'Toggle theme', 'Apps']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('switches the screens’ language from the top bar and marks the document with it', async () => {
    const user = userEvent.setup();
    renderLayout('/dashboard');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(localStorage.getItem('signage:locale')).toBe('de');
  });

  it('shows no badge when every alert is resolved, nor while the count is unknown', () => {
    const { unmount } = renderLayout('/dashboard', { ...FIGURES, unresolvedAlerts: 0 });
    expect(screen.getByRole('link', { name: 'Notifications: 0 unresolved alerts' })).toHaveTextContent('');
    unmount();
    renderLayout('/dashboard', { ...FIGURES, unresolvedAlerts: null });
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveTextContent('');
  });

  it('offers a skip link to the main content', () => {
    renderLayout('/dashboard');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('opens the menu as a drawer on small screens and closes it after a link is followed', async () => {
    const { user, router } = renderLayout('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Campaigns' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard/campaigns');
  });

  it('logs out (the guards then send the admin to the admin sign-in)', async () => {
    storeSession(fakeUser('admin@example.com'));
    const scopes: (string | null)[] = [];
    server.use(onLogout((scope) => scopes.push(scope)));
    const { user, router } = renderLayout('/dashboard/customers');
    const logOut = screen.getByRole('button', { name: 'Log Out' });
    expect(logOut).toHaveAttribute('title', 'Log Out');
    await user.click(logOut);

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toBeNull());
    expect(scopes).toEqual(['global']);
    expect(router.state.location.pathname).toBe('/dashboard/customers');
  });
});
