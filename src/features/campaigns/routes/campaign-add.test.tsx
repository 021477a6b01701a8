import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { CampaignAddRoute } from './campaign-add';

const CAFE = 'c0000000-0000-4000-8000-000000000001';

function renderForm() {
  server.use(
    http.get(restUrl('/customers'), () =>
      HttpResponse.json([
        { id: CAFE, name: 'Corner Cafe', location: 'Downtown' },
        { id: 'c0000000-0000-4000-8000-000000000002', name: 'Peak Gym', location: null },
      ]),
    ),
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
        return HttpResponse.json({ id: 'ca000000-0000-4000-8000-0000000000aa' }, { status: 201 });
      }),
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
