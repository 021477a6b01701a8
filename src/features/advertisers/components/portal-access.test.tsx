import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, functionsUrl, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { paths } from '@/config/paths';
import { AdvertiserViewRoute } from '../routes/advertiser-view';

const ID = 'ad000000-0000-4000-8000-000000000002';
const LOGIN = 'a0000000-0000-4000-8000-000000000004';

function advertiser(userId: string | null) {
  return {
    id: ID,
    advertiser_name: 'James Chen',
    business_name: 'Brightline Mobile',
    business_number: null,
    address: null,
    email: 'james@brightline.example.com',
    contact_number: null,
    company_logo: null,
    industry: null,
    status: 'active',
    total_spent: 0,
    created_at: '2026-01-15T10:00:00Z',
    updated_at: '2026-01-15T10:00:00Z',
    user_id: userId,
  };
}

/** The advertiser row as the server holds it: linked once the function has answered. */
function serve(opts: { linked: boolean; reply: () => Response }) {
  let row = advertiser(opts.linked ? LOGIN : null);
  const calls: unknown[] = [];
  server.use(
    http.get(restUrl('/ads'), () => HttpResponse.json([])),
    http.get(restUrl('/advertisers'), () => HttpResponse.json(row)),
    http.get(restUrl('/users'), () => HttpResponse.json({ email: 'james@brightline.example.com' })),
    http.post(functionsUrl('invite-advertiser'), async ({ request }) => {
      calls.push(await request.json());
      const response = opts.reply();
      if (response.status === 200) row = advertiser(LOGIN);
      return response;
    }),
  );
  return calls;
}

function renderPage() {
  storeSession(fakeUser());
  return renderRoutes([{ path: paths.dashboard.advertisers.view.path, element: <AdvertiserViewRoute /> }], {
    url: paths.dashboard.advertisers.view.getHref(ID),
  });
}

describe("an advertiser's portal access", () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('invites the contact after a confirmation, then shows the portal login', async () => {
    const calls = serve({
      linked: false,
      reply: () => HttpResponse.json({ advertiser: { id: ID }, sentTo: 'james@brightline.example.com' }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite to the portal' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Invite to the portal?' });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('A sign-in link is on its way to james@brightline.example.com.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ advertiserId: ID, redirectTo: `${window.location.origin}/auth/callback` }]);
    expect(await screen.findByText('james@brightline.example.com', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-send link' })).toBeInTheDocument();
  });

  it("says why, in the function's words, when it cannot be sent, and sends nothing without a confirmation", async () => {
    const calls = serve({
      linked: false,
      reply: () =>
        HttpResponse.json(
          { error: "This e-mail is a venue's sign-in; give the advertiser another contact e-mail" },
          { status: 409 },
        ),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Invite to the portal' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Invite to the portal' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      await within(dialog).findByText("This e-mail is a venue's sign-in; give the advertiser another contact e-mail"),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('re-sends the link to a linked login', async () => {
    const calls = serve({
      linked: true,
      reply: () => HttpResponse.json({ advertiser: { id: ID }, sentTo: 'james@brightline.example.com' }),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Portal login:', { exact: false })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Re-send link' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Re-send link' }));
    expect(await screen.findByText('Sign-in link sent again')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
