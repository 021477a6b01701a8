import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { CampaignEditRoute } from './campaign-edit';

const CAFE = 'c0000000-0000-4000-8000-000000000001';
const CAMPAIGN_ID = 'ca000000-0000-4000-8000-000000000001';
const FRONT = 'e0000000-0000-4000-8000-000000000001';
const BAR = 'e0000000-0000-4000-8000-000000000002';

/** Serves the campaign (on chosen screens when `playsOn` says so), its chosen screens and Corner Cafe's two screens. */
function renderEdit(
  chosen: string[],
  playsOn = chosen.length > 0 ? 'chosen' : 'all',
  windows: { days: number[]; start_time: string; end_time: string }[] = [],
) {
  server.use(
    http.get(restUrl('/customers'), () =>
      HttpResponse.json([{ id: CAFE, name: 'Corner Cafe', location: 'Downtown', time_zone: 'America/New_York' }]),
    ),
    http.get(restUrl('/campaigns'), () =>
      HttpResponse.json({
        id: CAMPAIGN_ID,
        name: 'Cafe Daily Specials',
        customer_id: CAFE,
        status: 'active',
        start_date: null,
        end_date: null,
        plays_on: playsOn,
        priority: 3,
        slide_count: 2,
        total_duration: 75,
        updated_at: '2026-11-20T10:00:00+00:00',
        customers: { name: 'Corner Cafe', time_zone: 'America/New_York' },
        campaign_windows: windows,
      }),
    ),
    http.get(restUrl('/campaign_screens'), () =>
      HttpResponse.json(
        chosen.map((id) => ({
          device_id: id,
          equipment_status: { device_name: id === FRONT ? 'Front window' : 'Bar' },
        })),
      ),
    ),
    http.get(restUrl('/equipment_status'), () =>
      HttpResponse.json([
        { id: BAR, device_name: 'Bar', location: null },
        { id: FRONT, device_name: 'Front window', location: null },
      ]),
    ),
  );
  return renderRoutes(
    [
      { path: '/dashboard/campaigns/edit/:id', element: <CampaignEditRoute /> },
      { path: '/dashboard/campaigns', element: <h1>Campaign list</h1> },
    ],
    { url: `/dashboard/campaigns/edit/${CAMPAIGN_ID}` },
  );
}

/** Answers save_campaign() with the campaign's id and keeps the body it was sent. */
function saveCampaign(sent: Array<Record<string, unknown>>) {
  return http.post(restUrl('/rpc/save_campaign'), async ({ request }) => {
    sent.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json(CAMPAIGN_ID);
  });
}

describe('edit campaign form: when it plays', () => {
  it('loads the windows in the venue’s time zone and saves a change, priority and all', async () => {
    const sent: Array<Record<string, unknown>> = [];
    server.use(saveCampaign(sent));
    const { user } = renderEdit([], 'all', [{ days: [1, 2, 3, 4, 5], start_time: '07:00:00', end_time: '11:00:00' }]);
    expect(await screen.findByRole('radio', { name: 'At set times' })).toBeChecked();
    expect(await screen.findByText(/Times are in America\/New York/)).toBeInTheDocument();
    expect(screen.getByLabelText('Window 1 starts')).toHaveValue('07:00');
    expect(screen.getByLabelText('Priority')).toHaveValue(3);
    await user.clear(screen.getByLabelText('Window 1 ends'));
    await user.type(screen.getByLabelText('Window 1 ends'), '10:30');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      p_priority: 3,
      p_windows: [{ days: [1, 2, 3, 4, 5], start: '07:00', end: '10:30' }],
    });
  });

  it('back to all day saves no windows', async () => {
    const sent: Array<Record<string, unknown>> = [];
    server.use(saveCampaign(sent));
    const { user } = renderEdit([], 'all', [{ days: [6], start_time: '10:00:00', end_time: '12:00:00' }]);
    await user.click(await screen.findByRole('radio', { name: 'All day, every day' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ p_windows: [] });
  });
});

describe('edit campaign form: plays on', () => {
  it('loads the chosen screens, and saves the changed choice with the campaign in one call', async () => {
    const sent: Array<Record<string, unknown>> = [];
    server.use(saveCampaign(sent));
    const { user } = renderEdit([FRONT]);
    expect(await screen.findByRole('radio', { name: 'Chosen screens' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Front window' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bar' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Front window' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bar' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        p_id: CAMPAIGN_ID,
        p_name: 'Cafe Daily Specials',
        p_customer_id: CAFE,
        p_status: 'active',
        p_plays_on: 'chosen',
        p_screen_ids: [BAR],
        p_priority: 3,
        p_windows: [],
      },
    ]);
  });

  it('back to all screens saves plays on all, with no screens', async () => {
    const sent: Array<Record<string, unknown>> = [];
    server.use(saveCampaign(sent));
    const { user } = renderEdit([FRONT, BAR]);
    await user.click(await screen.findByRole('radio', { name: 'All screens of the venue' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ p_id: CAMPAIGN_ID, p_plays_on: 'all', p_screen_ids: [] });
  });

  it('loads All screens of the venue for a campaign without chosen screens', async () => {
    renderEdit([]);
    expect(await screen.findByRole('radio', { name: 'All screens of the venue' })).toBeChecked();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('a campaign whose chosen screens were all deleted stays on Chosen screens and asks for one', async () => {
    const sent: Array<Record<string, unknown>> = [];
    server.use(saveCampaign(sent));
    const { user } = renderEdit([], 'chosen');
    expect(await screen.findByRole('radio', { name: 'Chosen screens' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Bar' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Choose at least one screen, or play on all screens.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('keeps the choice on screen and shows the error when the save fails', async () => {
    server.use(
      http.post(restUrl('/rpc/save_campaign'), () =>
        HttpResponse.json(
          { code: '42501', message: 'new row violates row-level security policy', details: null, hint: null },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderEdit([FRONT]);
    await user.click(await screen.findByRole('checkbox', { name: 'Bar' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'new row violates row-level security policy Check browser console for details.',
    );
    expect(screen.getByRole('checkbox', { name: 'Front window' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bar' })).toBeChecked();
    expect(screen.getByLabelText('Campaign name *')).toHaveValue('Cafe Daily Specials');
  });
});
