import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { CampaignAddRoute } from './campaign-add';

const CAFE = 'c0000000-0000-4000-8000-000000000001';
const GYM = 'c0000000-0000-4000-8000-000000000002';
const NEW_ID = 'ca000000-0000-4000-8000-0000000000aa';
const FRONT = 'e0000000-0000-4000-8000-000000000001';
const BAR = 'e0000000-0000-4000-8000-000000000002';

/** Corner Cafe has two screens, Peak Gym none. */
const venueScreens = () =>
  http.get(restUrl('/equipment_status'), ({ request }) =>
    HttpResponse.json(
      new URL(request.url).searchParams.get('customer_id') === `eq.${CAFE}`
        ? [
            { id: BAR, device_name: 'Bar', location: null },
            { id: FRONT, device_name: 'Front window', location: 'Downtown' },
          ]
        : [],
    ),
  );

function renderForm() {
  server.use(
    http.get(restUrl('/customers'), () =>
      HttpResponse.json([
        { id: CAFE, name: 'Corner Cafe', location: 'Downtown' },
        { id: GYM, name: 'Peak Gym', location: null },
      ]),
    ),
    venueScreens(),
  );
  return renderRoutes(
    [
      { path: '/dashboard/campaigns/add', element: <CampaignAddRoute /> },
      { path: '/dashboard/campaigns', element: <h1>Campaign list</h1> },
    ],
    { url: '/dashboard/campaigns/add' },
  );
}

async function fill(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByLabelText('Campaign name'), 'Winter Menu');
  await user.selectOptions(await screen.findByLabelText('Customer'), 'Corner Cafe (Downtown)');
}

describe('add campaign form', () => {
  it('requires name and customer, defaults status to active, and refuses an end before the start', async () => {
    const { user } = renderForm();
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Customer is required')).toBeInTheDocument();
    await fill(user);
    await user.type(screen.getByLabelText('Start date'), '2026-12-10');
    await user.type(screen.getByLabelText('End date'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('End date cannot be before the start date')).toBeInTheDocument();
  });

  it('creates with the defaults and dates as ISO strings, then returns to the list', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(restUrl('/campaigns'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: NEW_ID }, { status: 201 });
      }),
      // All screens of the venue: no chosen screens are kept.
      http.delete(restUrl('/campaign_screens'), () => new HttpResponse(null, { status: 204 })),
    );
    const { user } = renderForm();
    await fill(user);
    await user.type(screen.getByLabelText('Start date'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Winter Menu',
      customer_id: CAFE,
      status: 'active',
      start_date: '2026-12-01',
      end_date: null,
      total_duration: 0,
      slide_count: 0,
      content_type: 'mixed',
      priority: 1,
      display_duration: 10,
    });
  });

  it('shows the database message on failure and keeps the input', async () => {
    server.use(
      http.post(restUrl('/campaigns'), () =>
        HttpResponse.json(
          { code: '23514', message: 'Campaign end date cannot be before its start date.', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Campaign end date cannot be before its start date. Check browser console for details.',
    );
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Winter Menu');
  });
});

describe('add campaign form: plays on', () => {
  it('plays on all screens by default; chosen screens lists the venue’s screens by keyboard', async () => {
    const { user } = renderForm();
    const group = screen.getByRole('group', { name: 'Plays on' });
    expect(within(group).getByRole('radio', { name: 'All screens of the venue' })).toBeChecked();
    expect(within(group).queryByRole('checkbox')).not.toBeInTheDocument();

    await fill(user);
    within(group).getByRole('radio', { name: 'All screens of the venue' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: 'Chosen screens' })).toBeChecked();
    const front = await within(group).findByRole('checkbox', { name: /Front window/ });
    expect(within(group).getByRole('checkbox', { name: 'Bar' })).not.toBeChecked();
    front.focus();
    await user.keyboard(' ');
    expect(front).toBeChecked();
  });

  it('asks for at least one screen when Chosen screens has none ticked', async () => {
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Chosen screens' }));
    await screen.findByRole('checkbox', { name: 'Bar' });
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    const message = await screen.findByText('Choose at least one screen, or play on all screens.');
    expect(screen.getByRole('group', { name: 'Plays on' })).toHaveAccessibleDescription(message.textContent);
  });

  it('says when the venue has no screens, and a new venue starts with none chosen', async () => {
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Chosen screens' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Bar' }));
    await user.selectOptions(screen.getByLabelText('Customer'), 'Peak Gym');
    expect(await screen.findByText('This venue has no screens yet. Pair one on Equipment Status.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Customer'), 'Corner Cafe (Downtown)');
    expect(await screen.findByRole('checkbox', { name: 'Bar' })).not.toBeChecked();
  });

  it('creates the campaign, then its chosen screens, and drops any others', async () => {
    let inserted: unknown;
    let upsertPrefer: string | null = null;
    let removed: URLSearchParams | undefined;
    server.use(
      http.post(restUrl('/campaigns'), () => HttpResponse.json({ id: NEW_ID }, { status: 201 })),
      http.post(restUrl('/campaign_screens'), async ({ request }) => {
        inserted = await request.json();
        upsertPrefer = request.headers.get('Prefer');
        return new HttpResponse(null, { status: 201 });
      }),
      http.delete(restUrl('/campaign_screens'), ({ request }) => {
        removed = new URL(request.url).searchParams;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Chosen screens' }));
    await user.click(await screen.findByRole('checkbox', { name: /Front window/ }));
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(inserted).toEqual([{ campaign_id: NEW_ID, device_id: FRONT }]);
    expect(upsertPrefer).toContain('resolution=ignore-duplicates');
    expect(removed?.get('campaign_id')).toBe(`eq.${NEW_ID}`);
    expect(removed?.get('device_id')).toBe(`not.in.(${FRONT})`);
  });

  it('keeps the input and shows the error when the screens cannot be saved, and removes the new campaign again', async () => {
    let removedCampaign: string | null = null;
    server.use(
      http.post(restUrl('/campaigns'), () => HttpResponse.json({ id: NEW_ID }, { status: 201 })),
      http.post(restUrl('/campaign_screens'), () =>
        HttpResponse.json(
          {
            code: '23514',
            message: 'A campaign can only play on screens of its own venue.',
            details: null,
            hint: null,
          },
          { status: 400 },
        ),
      ),
      http.delete(restUrl('/campaigns'), ({ request }) => {
        removedCampaign = new URL(request.url).searchParams.get('id');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Chosen screens' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Bar' }));
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A campaign can only play on screens of its own venue. Check browser console for details.',
    );
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Winter Menu');
    expect(screen.getByRole('radio', { name: 'Chosen screens' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bar' })).toBeChecked();
    expect(removedCampaign).toBe(`eq.${NEW_ID}`);
  });
});
