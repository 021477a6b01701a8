import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { expectListLayout } from '@tests/setup/list-layout';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession, SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { typeAtOnce } from '@tests/setup/typing';
import { paths } from '@/config/paths';
import { AdvertiserAddRoute } from './advertiser-add';
import { AdvertiserEditRoute } from './advertiser-edit';
import { AdvertiserViewRoute } from './advertiser-view';
import { AdvertisersListRoute } from './advertisers-list';

const storageUrl = (path: string) => `${SUPABASE_URL}/storage/v1${path}`;

function advertiser(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `ad000000-0000-4000-8000-00000000000${n}`,
    advertiser_name: `Contact ${n}`,
    business_name: `Company ${n}`,
    business_number: `BN-${n}`,
    address: `${n} Main St`,
    email: `contact${n}@example.com`,
    contact_number: `+1 555 000 ${n}`,
    company_logo: null,
    industry: 'Retail',
    status: 'active',
    total_spent: 1250.5,
    created_at: '2026-01-15T10:00:00Z',
    updated_at: '2026-01-15T10:00:00Z',
    ...overrides,
  };
}

const ROUTES = [
  { path: paths.dashboard.advertisers.list.path, element: <AdvertisersListRoute /> },
  { path: paths.dashboard.advertisers.add.path, element: <AdvertiserAddRoute /> },
  { path: paths.dashboard.advertisers.edit.path, element: <AdvertiserEditRoute /> },
  { path: paths.dashboard.advertisers.view.path, element: <AdvertiserViewRoute /> },
];

function renderAt(url: string) {
  storeSession(fakeUser());
  return renderRoutes(ROUTES, { url });
}

const pgError = (message: string, status = 400, code = 'XX000') =>
  HttpResponse.json({ code, details: null, hint: null, message }, { status });

/** Answers list requests from `rows`, recording each query. */
function listAnswers(rows: ReturnType<typeof advertiser>[], total = rows.length) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(restUrl('/advertisers'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json(rows, { headers: { 'Content-Range': `0-${rows.length - 1}/${total}` } });
    }),
  );
  return queries;
}

describe('advertisers list', () => {
  it('shows a card per advertiser, paged by the database, newest first', async () => {
    const queries = listAnswers([advertiser(1), advertiser(2, { status: 'pending', contact_number: null })], 30);
    renderAt('/dashboard/advertisers');
    expect(screen.getByText('Loading advertisers')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Company 1' });
    expectListLayout({
      title: 'Advertisers',
      action: 'Add Advertiser',
      search: 'Search advertisers',
      list: 'Advertisers',
    });
    expect(card).toHaveTextContent('Contact 1');
    expect(card).toHaveTextContent('contact1@example.com');
    expect(card).toHaveTextContent('$1,250.50');
    expect(card).toHaveTextContent('Active');
    expect(within(card).getByRole('link', { name: 'View Company 1' })).toHaveAttribute(
      'href',
      '/dashboard/advertisers/view/ad000000-0000-4000-8000-000000000001',
    );
    expect(within(card).getByRole('link', { name: 'Edit Company 1' })).toHaveAttribute(
      'href',
      '/dashboard/advertisers/edit/ad000000-0000-4000-8000-000000000001',
    );
    expect(screen.getByRole('article', { name: 'Company 2' })).toHaveTextContent('Pending');
    expect(screen.getByText('Showing 1–24 of 30 advertisers')).toBeInTheDocument();
    expect(queries[0]?.get('order')).toBe('created_at.desc,id.asc');
    expect(queries[0]?.get('limit')).toBe('24');
    expect(queries[0]?.get('offset')).toBe('0');
  });

  it('asks the next page of the database', async () => {
    const queries = listAnswers([advertiser(1)], 30);
    const { user } = renderAt('/dashboard/advertisers');
    await screen.findByRole('article', { name: 'Company 1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(queries.at(-1)?.get('offset')).toBe('24');
  });

  it('searches company and contact names in the database once typing stops', async () => {
    const queries = listAnswers([advertiser(1)]);
    renderAt('/dashboard/advertisers');
    await screen.findByRole('article', { name: 'Company 1' });
    await typeAtOnce(screen.getByLabelText('Search advertisers'), 'Sun, Inc');
    await screen.findByText('1 advertiser');
    await expect
      .poll(() => queries.at(-1)?.get('or'))
      .toBe('(business_name.ilike."%Sun, Inc%",advertiser_name.ilike."%Sun, Inc%")');
    // One request for the settled text, not one per key.
    expect(queries.filter((q) => q.has('or'))).toHaveLength(1);
  });

  it('filters by status in the database', async () => {
    const queries = listAnswers([advertiser(1)]);
    const { user } = renderAt('/dashboard/advertisers');
    await screen.findByRole('article', { name: 'Company 1' });
    const select = screen.getByLabelText('Status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Active', 'Pending', 'Inactive', 'Maintenance']);
    await user.selectOptions(select, 'maintenance');
    await expect.poll(() => queries.at(-1)?.get('status')).toBe('eq.maintenance');
  });

  it('toggles active to inactive and anything else to active', async () => {
    listAnswers([advertiser(1), advertiser(2, { status: 'pending' })]);
    const patches: { id: string | null; body: unknown }[] = [];
    server.use(
      http.patch(restUrl('/advertisers'), async ({ request }) => {
        patches.push({ id: new URL(request.url).searchParams.get('id'), body: await request.json() });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderAt('/dashboard/advertisers');
    // Activate and Deactivate are one control in two states: they look alike (as on the customer cards).
    const deactivate = await screen.findByRole('button', { name: 'Deactivate Company 1' });
    expect(screen.getByRole('button', { name: 'Activate Company 2' }).className).toBe(deactivate.className);
    await user.click(deactivate);
    await user.click(screen.getByRole('button', { name: 'Activate Company 2' }));
    await expect
      .poll(() => patches)
      .toEqual([
        { id: 'eq.ad000000-0000-4000-8000-000000000001', body: { status: 'inactive' } },
        { id: 'eq.ad000000-0000-4000-8000-000000000002', body: { status: 'active' } },
      ]);
  });

  it('shows an empty state', async () => {
    listAnswers([]);
    renderAt('/dashboard/advertisers');
    expect(await screen.findByText('No advertisers yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add Advertiser' }).length).toBeGreaterThan(0);
  });

  it('says when a search matches nothing', async () => {
    listAnswers([]);
    renderAt('/dashboard/advertisers?q=zzz');
    expect(await screen.findByText('No advertisers match')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    let calls = 0;
    server.use(
      http.get(restUrl('/advertisers'), () => {
        calls += 1;
        return calls === 1 ? pgError('connection lost', 500) : HttpResponse.json([advertiser(1)]);
      }),
    );
    const { user } = renderAt('/dashboard/advertisers');
    expect(await screen.findByText('connection lost')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Company 1' })).toBeInTheDocument();
  });
});

describe('advertiser form', () => {
  it('requires advertiser name, email and business name, and a valid email', async () => {
    const { user } = renderAt('/dashboard/advertisers/add');
    await user.click(screen.getByRole('button', { name: 'Add Advertiser' }));
    expect(await screen.findByText('Advertiser name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Business name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email *'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add Advertiser' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('offers the industries and statuses, and says what logo is accepted', () => {
    renderAt('/dashboard/advertisers/add');
    expect(
      within(screen.getByLabelText('Industry'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select an industry',
      'Technology',
      'Healthcare',
      'Finance',
      'Retail',
      'Food & Beverage',
      'Automotive',
      'Real Estate',
      'Education',
      'Entertainment',
      'Other',
    ]);
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByText('PNG, JPG or GIF, max 2MB')).toBeInTheDocument();
  });

  it('refuses a logo over 2MB in the form', async () => {
    const { user } = renderAt('/dashboard/advertisers/add');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Company Logo'), big);
    await user.type(screen.getByLabelText('Advertiser Name *'), 'Maria');
    await user.type(screen.getByLabelText('Email *'), 'maria@example.com');
    await user.type(screen.getByLabelText('Business Name *'), 'Sunrise');
    await user.click(screen.getByRole('button', { name: 'Add Advertiser' }));
    expect(await screen.findByText('The logo is larger than 2MB. Choose a smaller image.')).toBeInTheDocument();
  });

  it('adds an active advertiser with nothing spent and a uniquely named logo, then returns to the list', async () => {
    listAnswers([advertiser(1)]);
    let uploadedPath = '';
    let inserted: Record<string, unknown> | undefined;
    server.use(
      http.post(storageUrl('/object/advertiser-logos/:name'), ({ params }) => {
        uploadedPath = String(params.name);
        return HttpResponse.json({ Key: `advertiser-logos/${uploadedPath}`, Id: 'x' });
      }),
      http.post(restUrl('/advertisers'), async ({ request }) => {
        inserted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'new-id' }, { status: 201 });
      }),
    );
    const { user, router } = renderAt('/dashboard/advertisers/add');
    await user.type(screen.getByLabelText('Advertiser Name *'), '  Maria Lopez ');
    await user.type(screen.getByLabelText('Email *'), 'maria@example.com');
    await user.type(screen.getByLabelText('Business Name *'), 'Sunrise Bakery');
    await user.selectOptions(screen.getByLabelText('Industry'), 'Food & Beverage');
    await user.upload(screen.getByLabelText('Company Logo'), new File(['png'], 'logo.PNG', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add Advertiser' }));

    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/advertisers');
    expect(uploadedPath).toMatch(/^logo--\d{13}-[a-z0-9]+\.png$/);
    expect(inserted).toEqual({
      advertiser_name: 'Maria Lopez',
      email: 'maria@example.com',
      business_name: 'Sunrise Bakery',
      business_number: null,
      address: null,
      contact_number: null,
      industry: 'Food & Beverage',
      status: 'active',
      company_logo: uploadedPath,
    });
  });

  it('shows Saving... while saving, and the database message on failure, keeping the input', async () => {
    server.use(
      http.post(restUrl('/advertisers'), async () => {
        await delay(50);
        return pgError('new row for relation "advertisers" violates check constraint', 400, '23514');
      }),
    );
    const { user, router } = renderAt('/dashboard/advertisers/add');
    await user.type(screen.getByLabelText('Advertiser Name *'), 'Maria');
    await user.type(screen.getByLabelText('Email *'), 'maria@example.com');
    await user.type(screen.getByLabelText('Business Name *'), 'Sunrise');
    await user.click(screen.getByRole('button', { name: 'Add Advertiser' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent('violates check constraint');
    expect(screen.getByLabelText('Business Name *')).toHaveValue('Sunrise');
    expect(router.state.location.pathname).toBe('/dashboard/advertisers/add');
  });

  it('says Failed to upload logo when storage refuses the file, and saves nothing', async () => {
    let inserts = 0;
    server.use(
      http.post(storageUrl('/object/advertiser-logos/:name'), () =>
        HttpResponse.json(
          { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' },
          { status: 413 },
        ),
      ),
      http.post(restUrl('/advertisers'), () => {
        inserts += 1;
        return HttpResponse.json({ id: 'x' }, { status: 201 });
      }),
    );
    const { user } = renderAt('/dashboard/advertisers/add');
    await user.type(screen.getByLabelText('Advertiser Name *'), 'Maria');
    await user.type(screen.getByLabelText('Email *'), 'maria@example.com');
    await user.type(screen.getByLabelText('Business Name *'), 'Sunrise');
    await user.upload(screen.getByLabelText('Company Logo'), new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    await user.click(screen.getByRole('button', { name: 'Add Advertiser' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload logo');
    expect(inserts).toBe(0);
  });

  it('edits an advertiser from its stored values, keeping its logo, then returns to the list', async () => {
    listAnswers([advertiser(1)]);
    let patched: { id: string | null; body: unknown } | undefined;
    server.use(
      http.get(restUrl('/advertisers'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('id')) return HttpResponse.json(advertiser(1, { company_logo: 'old.png', industry: null }));
        return HttpResponse.json([advertiser(1)]);
      }),
      http.patch(restUrl('/advertisers'), async ({ request }) => {
        patched = { id: new URL(request.url).searchParams.get('id'), body: await request.json() };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderAt('/dashboard/advertisers/edit/ad000000-0000-4000-8000-000000000001');
    const business = await screen.findByLabelText('Business Name *');
    expect(business).toHaveValue('Company 1');
    expect(screen.getByText('Current logo')).toBeInTheDocument();
    await user.clear(business);
    await user.type(business, 'Company One');
    await user.selectOptions(screen.getByLabelText('Status'), 'maintenance');
    await user.click(screen.getByRole('button', { name: 'Update Advertiser' }));
    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/advertisers');
    expect(patched?.id).toBe('eq.ad000000-0000-4000-8000-000000000001');
    expect(patched?.body).toMatchObject({
      business_name: 'Company One',
      status: 'maintenance',
      company_logo: 'old.png',
      industry: null,
    });
  });

  it('says when the advertiser to edit does not exist', async () => {
    server.use(http.get(restUrl('/advertisers'), () => HttpResponse.json(null)));
    renderAt('/dashboard/advertisers/edit/missing');
    expect(await screen.findByText('Advertiser not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Advertisers' })).toHaveAttribute('href', '/dashboard/advertisers');
  });
});

describe('advertiser detail', () => {
  beforeEach(() => {
    server.use(
      http.get(restUrl('/ads'), () => HttpResponse.json([])),
      http.post(restUrl('/rpc/advertiser_statement'), async ({ request }) => {
        const body = (await request.json()) as { p_advertiser_id: string; p_month: string };
        return HttpResponse.json({
          advertiser_id: body.p_advertiser_id,
          month: body.p_month,
          currency: 'USD',
          closed: true,
          lines: [],
          total: 0,
        });
      }),
    );
  });

  it('shows contact, business, status, total spent, member since and the logo through an hour-long signed link', async () => {
    let signBody: unknown;
    server.use(
      http.get(restUrl('/advertisers'), () =>
        HttpResponse.json(advertiser(1, { company_logo: '1700000000000-abc.png', status: 'inactive' })),
      ),
      http.post(storageUrl('/object/sign/advertiser-logos/:name'), async ({ request }) => {
        signBody = await request.json();
        return HttpResponse.json({ signedURL: '/object/sign/advertiser-logos/1700000000000-abc.png?token=t' });
      }),
    );
    renderAt('/dashboard/advertisers/view/ad000000-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { name: 'Company 1' })).toBeInTheDocument();
    expect(screen.getByText('Contact 1')).toBeInTheDocument();
    expect(screen.getByText('contact1@example.com')).toBeInTheDocument();
    expect(screen.getByText('BN-1')).toBeInTheDocument();
    expect(screen.getByText('1 Main St')).toBeInTheDocument();
    expect(screen.getByText('$1,250.50')).toBeInTheDocument();
    // Computed, not typed.
    expect(screen.getByText('$1,250.50').closest('dd')).toHaveTextContent('from closed months’ statements');
    expect(screen.getByText('Jan 15, 2026')).toBeInTheDocument();
    expect(screen.getAllByText('Inactive').length).toBeGreaterThan(0);
    const logo = await screen.findByRole('img', { name: 'Company 1 logo' });
    expect(logo.getAttribute('src')).toContain(
      '/storage/v1/object/sign/advertiser-logos/1700000000000-abc.png?token=t',
    );
    expect(signBody).toEqual({ expiresIn: 3600 });
  });

  it('shows a placeholder when the logo link cannot be made', async () => {
    server.use(
      http.get(restUrl('/advertisers'), () => HttpResponse.json(advertiser(1, { company_logo: 'gone.png' }))),
      http.post(storageUrl('/object/sign/advertiser-logos/:name'), () =>
        HttpResponse.json({ statusCode: '404', error: 'not_found', message: 'Object not found' }, { status: 400 }),
      ),
    );
    renderAt('/dashboard/advertisers/view/ad000000-0000-4000-8000-000000000001');
    expect(await screen.findByLabelText('Logo unavailable')).toBeInTheDocument();
  });

  it('says when the advertiser does not exist, and shows load errors with a retry', async () => {
    server.use(http.get(restUrl('/advertisers'), () => HttpResponse.json(null)));
    renderAt('/dashboard/advertisers/view/missing');
    expect(await screen.findByText('Advertiser not found')).toBeInTheDocument();
  });

  it('lists the advertiser’s ads and adds one, keeping the input when the add is refused', async () => {
    const ads = [
      {
        id: 'ad-1',
        title: 'Morning Croissant Special',
        status: 'active',
        daily_budget: 45,
        created_at: '2026-11-01T10:00:00Z',
      },
    ];
    const inserts: unknown[] = [];
    let refuse = true;
    server.use(
      http.get(restUrl('/advertisers'), () => HttpResponse.json(advertiser(1))),
      http.get(restUrl('/ads'), () => HttpResponse.json(ads)),
      http.post(restUrl('/ads'), async ({ request }) => {
        inserts.push(await request.json());
        if (refuse)
          return HttpResponse.json(
            {
              code: '23514',
              message: 'new row violates check constraint "ads_daily_budget_not_negative"',
              details: null,
              hint: null,
            },
            { status: 400 },
          );
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user } = renderAt('/dashboard/advertisers/view/ad000000-0000-4000-8000-000000000001');
    const list = await screen.findByRole('list', { name: 'Ads' });
    expect(within(list).getByText('Morning Croissant Special')).toBeInTheDocument();
    expect(within(list).getByText(/\$45\.00 a day/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add ad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add ad' });
    await user.click(within(dialog).getByRole('button', { name: 'Add ad' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Holiday Cake Orders');
    await user.type(within(dialog).getByLabelText('Daily budget ($)'), '12.5x');
    await user.click(within(dialog).getByRole('button', { name: 'Add ad' }));
    expect(await within(dialog).findByText('Enter an amount like 45 or 45.50')).toBeInTheDocument();
    expect(inserts).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Daily budget ($)'));
    await user.type(within(dialog).getByLabelText('Daily budget ($)'), '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add ad' }));
    expect(await within(dialog).findByText(/Failed to add ad|ads_daily_budget_not_negative/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Holiday Cake Orders');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add ad' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inserts.at(-1)).toEqual({
      title: 'Holiday Cake Orders',
      status: 'active',
      daily_budget: 12.5,
      advertiser_id: 'ad000000-0000-4000-8000-000000000001',
    });
  });

  it('shows a load error with a retry', async () => {
    server.use(http.get(restUrl('/advertisers'), () => pgError('timeout', 500)));
    renderAt('/dashboard/advertisers/view/x');
    expect(await screen.findByText('timeout')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
