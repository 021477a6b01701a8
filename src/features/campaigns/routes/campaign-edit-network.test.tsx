import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { daysBetween } from '@/entities/plays/calendar-days';
import type { BookingCheck } from '@/types/database-json';
import { CampaignEditRoute } from './campaign-edit';

const CAMPAIGN_ID = 'ca000000-0000-4000-8000-000000000009';
const CAFE = 'c0000000-0000-4000-8000-000000000001';
const GYM = 'c0000000-0000-4000-8000-000000000002';
const ACME = 'ad000000-0000-4000-8000-000000000001';
const BOLT = 'ad000000-0000-4000-8000-000000000002';
const GYMS = '90000000-0000-4000-8000-000000000001';
const FRONT = 'e0000000-0000-4000-8000-000000000001';
const TREADMILL = 'e0000000-0000-4000-8000-000000000003';

const MESSAGE =
  'Front window at Corner Cafe would be overbooked on Sat 05 Dec 2026 from 18:00: 320 s of its 300 s loop booked.';

type Body = Record<string, unknown>;
type DeliveryRow = { day: string; screens: number; expected_plays: number; recorded_plays: number };

/** Acme Coffee's "Gym December", 2 spots per loop on the group Gyms and the Treadmill, with 3 slides. */
function renderEdit({
  check = () => ({ fits: true }),
  delivery = [] as DeliveryRow[],
  deliveryCalls = [] as Body[],
}: { check?: (body: Body) => BookingCheck; delivery?: DeliveryRow[]; deliveryCalls?: Body[] } = {}) {
  server.use(
    http.get(restUrl('/campaigns'), () =>
      HttpResponse.json({
        id: CAMPAIGN_ID,
        name: 'Gym December',
        customer_id: null,
        advertiser_id: ACME,
        spots_per_loop: 2,
        price_basis: 'fixed',
        price_amount: 1200,
        status: 'active',
        start_date: '2026-12-01',
        end_date: '2026-12-31',
        plays_on: 'targets',
        priority: 1,
        slide_count: 3,
        total_duration: 45,
        updated_at: '2026-11-20T10:00:00+00:00',
        customers: null,
        advertisers: { business_name: 'Acme Coffee', advertiser_name: 'Ann' },
        campaign_windows: [],
      }),
    ),
    http.get(restUrl('/campaign_screens'), () => HttpResponse.json([])),
    http.get(restUrl('/campaign_targets'), () =>
      HttpResponse.json([
        {
          customer_id: null,
          group_id: GYMS,
          device_id: null,
          customers: null,
          screen_groups: { name: 'Gyms' },
          equipment_status: null,
        },
        {
          customer_id: null,
          group_id: null,
          device_id: TREADMILL,
          customers: null,
          screen_groups: null,
          equipment_status: { device_name: 'Treadmill' },
        },
      ]),
    ),
    http.get(restUrl('/customers'), () =>
      HttpResponse.json([
        { id: CAFE, name: 'Corner Cafe', location: 'Downtown', time_zone: 'America/New_York' },
        { id: GYM, name: 'Peak Gym', location: null, time_zone: 'America/Chicago' },
      ]),
    ),
    http.get(restUrl('/advertisers'), () =>
      HttpResponse.json([
        { id: ACME, business_name: 'Acme Coffee', advertiser_name: 'Ann' },
        { id: BOLT, business_name: 'Bolt Energy', advertiser_name: 'Ben' },
      ]),
    ),
    http.get(restUrl('/screen_groups'), () =>
      HttpResponse.json([{ id: GYMS, name: 'Gyms', colour: null, screen_group_members: [{ device_id: TREADMILL }] }]),
    ),
    http.get(restUrl('/equipment_status_live'), () =>
      HttpResponse.json([
        {
          id: FRONT,
          device_name: 'Front window',
          location: null,
          customer_id: CAFE,
          customer_name: 'Corner Cafe',
          live_status: 'online',
        },
        {
          id: TREADMILL,
          device_name: 'Treadmill',
          location: null,
          customer_id: GYM,
          customer_name: 'Peak Gym',
          live_status: 'online',
        },
      ]),
    ),
    http.post(restUrl('/rpc/check_campaign_booking'), async ({ request }) =>
      HttpResponse.json(check((await request.json()) as Body)),
    ),
    http.post(restUrl('/rpc/campaign_delivery'), async ({ request }) => {
      deliveryCalls.push((await request.json()) as Body);
      return HttpResponse.json(delivery);
    }),
  );
  return renderRoutes(
    [
      { path: '/dashboard/campaigns/edit/:id', element: <CampaignEditRoute /> },
      { path: '/dashboard/campaigns', element: <h1>Campaign list</h1> },
    ],
    { url: `/dashboard/campaigns/edit/${CAMPAIGN_ID}` },
  );
}

const checkbox = (list: string, name: RegExp) =>
  within(screen.getByRole('list', { name: list })).getByRole('checkbox', { name });

describe('edit campaign: a network campaign', () => {
  it('keeps its kind and loads its advertiser, targets and spots; a save sends them with its id', async () => {
    const sent: Body[] = [];
    server.use(
      http.post(restUrl('/rpc/save_campaign'), async ({ request }) => {
        sent.push((await request.json()) as Body);
        return HttpResponse.json(CAMPAIGN_ID);
      }),
    );
    const { user } = renderEdit();
    await waitFor(() => expect(screen.getByLabelText('Advertiser *')).toHaveValue(ACME));
    expect(screen.getByText('Gym December · network campaign of Acme Coffee')).toBeInTheDocument();
    // Editing keeps the kind: no choice, no customer.
    expect(screen.queryByRole('group', { name: 'Kind of campaign' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Customer *')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Spots per loop')).toHaveValue(2);
    expect(screen.getByLabelText('Price basis')).toHaveValue('fixed');
    expect(screen.getByLabelText('Price for the whole period')).toHaveValue('1200.00');
    // Its slides set the spot's length: no spot length to give.
    expect(screen.queryByLabelText('Spot length (seconds)')).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Gyms/ })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: /Treadmill/ })).toBeChecked();
    expect(await screen.findByText('Fits on 1 screen.')).toBeInTheDocument();

    await user.click(checkbox('Screens', /Treadmill/));
    await user.click(checkbox('Venues', /Corner Cafe/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        p_id: CAMPAIGN_ID,
        p_name: 'Gym December',
        p_customer_id: null,
        p_advertiser_id: ACME,
        p_status: 'active',
        p_start_date: '2026-12-01',
        p_end_date: '2026-12-31',
        p_plays_on: 'targets',
        p_targets: [{ customer_id: CAFE }, { group_id: GYMS }],
        p_spots_per_loop: 2,
        p_priority: 1,
        p_windows: [],
        p_price_basis: 'fixed',
        p_price_amount: 1200,
      },
    ]);
  });

  it('checks its booking in place of its own (its id, its slides), and shows a refusal after adding a venue at Plays on', async () => {
    const checks: Body[] = [];
    server.use(
      http.post(restUrl('/rpc/save_campaign'), () =>
        HttpResponse.json(
          {
            code: 'PT409',
            message: MESSAGE,
            details: JSON.stringify({
              device_id: FRONT,
              day: '2026-12-05',
              time: '18:00',
              booked_seconds: 320,
              loop_seconds: 300,
            }),
            hint: null,
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderEdit({
      check: (body) => {
        checks.push(body);
        return { fits: true };
      },
    });
    expect(await screen.findByText('Fits on 1 screen.')).toBeInTheDocument();
    expect(checks[0]).toMatchObject({ p_id: CAMPAIGN_ID, p_spots_per_loop: 2 });
    expect(checks[0]).not.toHaveProperty('p_slide_seconds');

    // Someone else booked the cafe meanwhile: the live check said it fitted, the save is refused.
    await user.click(checkbox('Venues', /Corner Cafe/));
    expect(await screen.findByText('Fits on 2 screens.')).toBeInTheDocument();
    await user.click(checkbox('Venues', /Peak Gym/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: it does not fit. See Plays on.');
    expect(screen.getByRole('group', { name: 'Plays on' })).toHaveAccessibleDescription(MESSAGE);
    expect(screen.getByLabelText('Spots per loop')).not.toBeInvalid();
    expect(checkbox('Venues', /Corner Cafe/)).toBeChecked();
    expect(checkbox('Venues', /Peak Gym/)).toBeChecked();
    expect(checkbox('Screen groups', /Gyms/)).toBeChecked();
  });

  it('shows its delivery over the last 14 days: per day expected and recorded plays, and the pace', async () => {
    const deliveryCalls: Body[] = [];
    renderEdit({
      deliveryCalls,
      delivery: [
        { day: '2026-11-24', screens: 2, expected_plays: 0, recorded_plays: 0 },
        { day: '2026-11-25', screens: 2, expected_plays: 1440.5, recorded_plays: 1400 },
        { day: '2026-11-26', screens: 2, expected_plays: 1000, recorded_plays: 600 },
      ],
    });
    const panel = within(await screen.findByRole('region', { name: 'Delivery' }));
    const table = await panel.findByRole('table', { name: 'Delivery per day' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Tue, Nov 24, 2026', '2', '0', '0', '—'],
      ['Wed, Nov 25, 2026', '2', '1,441', '1,400', '97%'],
      ['Thu, Nov 26, 2026', '2', '1,000', '600', '60%'],
    ]);
    // Over the period: 2,000 of 2,440.5 expected.
    expect(panel.getByTestId('pacing')).toHaveTextContent('Delivered 82% of expected');
    expect(panel.getByText('60%')).toHaveClass('text-danger-700');
    expect(panel.getByText('97%')).toHaveClass('text-success-700');
    expect(deliveryCalls).toHaveLength(1);
    const { p_campaign_id, p_from, p_to } = deliveryCalls[0] as { p_campaign_id: string; p_from: string; p_to: string };
    expect(p_campaign_id).toBe(CAMPAIGN_ID);
    expect(daysBetween(p_from, p_to)).toBe(13);
  });

  it('says when nothing was due in the period', async () => {
    renderEdit();
    const panel = within(await screen.findByRole('region', { name: 'Delivery' }));
    expect(
      await panel.findByText('Nothing to show yet: it was not due to play in the last 14 days.'),
    ).toBeInTheDocument();
  });
});
