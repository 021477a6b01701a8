import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import type { BookingCheck } from '@/types/database-json';
import { CampaignAddRoute } from './campaign-add';

const CAFE = 'c0000000-0000-4000-8000-000000000001';
const GYM = 'c0000000-0000-4000-8000-000000000002';
const ACME = 'ad000000-0000-4000-8000-000000000001';
const GYMS = '90000000-0000-4000-8000-000000000001';
const FRONT = 'e0000000-0000-4000-8000-000000000001';
const BAR = 'e0000000-0000-4000-8000-000000000002';
const TREADMILL = 'e0000000-0000-4000-8000-000000000003';
const LOCKERS = 'e0000000-0000-4000-8000-000000000004';
const NEW_ID = 'ca000000-0000-4000-8000-0000000000aa';

const OVERBOOKED = {
  message:
    'Front window at Corner Cafe would be overbooked on Tue 01 Dec 2026 from 08:00: 330 s of its 300 s loop booked.',
  device_id: FRONT,
  day: '2026-12-01',
  time: '08:00',
  booked_seconds: 330,
  loop_seconds: 300,
};

type Body = Record<string, unknown>;

/**
 * Two venues (Corner Cafe: Front window and Bar; Peak Gym: Treadmill and Lockers), the group
 * "Gyms" holding Peak Gym's two screens and Corner Cafe's Bar, one advertiser; the booking
 * check answers with `answer(body)` and keeps what it was sent.
 */
function renderForm(answer: (body: Body) => BookingCheck = () => ({ fits: true }), checks: Body[] = []) {
  server.use(
    http.get(restUrl('/customers'), () =>
      HttpResponse.json([
        { id: CAFE, name: 'Corner Cafe', location: 'Downtown', time_zone: 'America/New_York' },
        { id: GYM, name: 'Peak Gym', location: null, time_zone: 'America/Chicago' },
      ]),
    ),
    http.get(restUrl('/advertisers'), () =>
      HttpResponse.json([{ id: ACME, business_name: 'Acme Coffee', advertiser_name: 'Ann' }]),
    ),
    http.get(restUrl('/screen_groups'), () =>
      HttpResponse.json([
        {
          id: GYMS,
          name: 'Gyms',
          colour: null,
          screen_group_members: [{ device_id: TREADMILL }, { device_id: LOCKERS }, { device_id: BAR }],
        },
      ]),
    ),
    http.get(restUrl('/equipment_status_live'), () =>
      HttpResponse.json([
        {
          id: BAR,
          device_name: 'Bar',
          location: null,
          customer_id: CAFE,
          customer_name: 'Corner Cafe',
          live_status: 'online',
        },
        {
          id: FRONT,
          device_name: 'Front window',
          location: null,
          customer_id: CAFE,
          customer_name: 'Corner Cafe',
          live_status: 'online',
        },
        {
          id: LOCKERS,
          device_name: 'Lockers',
          location: null,
          customer_id: GYM,
          customer_name: 'Peak Gym',
          live_status: 'offline',
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
    http.post(restUrl('/rpc/check_campaign_booking'), async ({ request }) => {
      const body = (await request.json()) as Body;
      checks.push(body);
      return HttpResponse.json(answer(body));
    }),
  );
  return renderRoutes(
    [
      { path: '/dashboard/campaigns/add', element: <CampaignAddRoute /> },
      { path: '/dashboard/campaigns', element: <h1>Campaign list</h1> },
    ],
    { url: '/dashboard/campaigns/add' },
  );
}

type User = ReturnType<typeof renderForm>['user'];

/** Network campaign "Acme December" of Acme Coffee. */
async function chooseNetwork(user: User) {
  await user.type(screen.getByLabelText('Campaign name *'), 'Acme December');
  await user.click(screen.getByRole('radio', { name: /Network campaign \(advertiser\)/ }));
  await user.selectOptions(await screen.findByLabelText('Advertiser *'), 'Acme Coffee');
}

const tick = async (user: User, list: string, name: RegExp) =>
  user.click(within(await screen.findByRole('list', { name: list })).getByRole('checkbox', { name }));

const availability = () => screen.getByRole('status', { name: 'Availability' });

describe('add campaign: network campaign of an advertiser', () => {
  it('is a venue campaign unless chosen; a network campaign asks for its advertiser and where it plays', async () => {
    let saves = 0;
    server.use(
      http.post(restUrl('/rpc/save_campaign'), () => {
        saves += 1;
        return HttpResponse.json(NEW_ID);
      }),
    );
    const { user } = renderForm();
    const kind = screen.getByRole('group', { name: 'Kind of campaign' });
    expect(within(kind).getByRole('radio', { name: /Venue campaign/ })).toBeChecked();
    expect(await screen.findByLabelText('Customer *')).toBeInTheDocument();
    expect(screen.queryByLabelText('Advertiser *')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Campaign name *'), 'Acme December');
    await user.click(within(kind).getByRole('radio', { name: /Network campaign/ }));
    expect(screen.queryByLabelText('Customer *')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Advertiser *')).toBeInTheDocument();
    expect(screen.getByLabelText('Spots per loop')).toHaveValue(1);
    expect(screen.getByText(/Times are in each screen’s own time zone/)).toBeInTheDocument();
    const playsOn = screen.getByRole('group', { name: 'Plays on' });
    expect(within(playsOn).getByRole('radio', { name: 'Chosen venues, groups and screens' })).toBeChecked();
    // Nothing to check yet: no advertiser, no target.
    expect(availability()).toHaveTextContent('Choose the advertiser and where it plays to see whether it fits.');

    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Advertiser is required')).toBeInTheDocument();
    const message = screen.getByText('Choose at least one venue, group or screen, or play on the whole network.');
    expect(playsOn).toHaveAccessibleDescription(message.textContent);
    const spots = screen.getByLabelText('Spots per loop');
    await user.clear(spots);
    await user.type(spots, '21');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Spots per loop is a whole number from 1 to 20')).toBeInTheDocument();
    expect(saves).toBe(0);
  });

  it('builds its targets from the venues, groups and screens ticked, and saves them with the campaign in one call', async () => {
    let body: Body | undefined;
    server.use(
      http.post(restUrl('/rpc/save_campaign'), async ({ request }) => {
        body = (await request.json()) as Body;
        return HttpResponse.json(NEW_ID);
      }),
    );
    const { user } = renderForm();
    await chooseNetwork(user);
    await tick(user, 'Venues', /Corner Cafe/);
    await tick(user, 'Screen groups', /Gyms/);
    await tick(user, 'Screens', /Treadmill/);
    expect(screen.getByText(/3 targets chosen/)).toBeInTheDocument();
    const spots = screen.getByLabelText('Spots per loop');
    await user.clear(spots);
    await user.type(spots, '2');
    await user.type(screen.getByLabelText('Start date'), '2026-12-01');
    await user.type(screen.getByLabelText('End date'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(body).toEqual({
      p_name: 'Acme December',
      p_customer_id: null,
      p_advertiser_id: ACME,
      p_status: 'active',
      p_start_date: '2026-12-01',
      p_end_date: '2026-12-31',
      p_plays_on: 'targets',
      p_targets: [{ customer_id: CAFE }, { group_id: GYMS }, { device_id: TREADMILL }],
      p_spots_per_loop: 2,
      p_priority: 1,
      p_windows: [],
      p_price_basis: 'none',
    });
  });

  it('on the whole network saves no targets', async () => {
    let body: Body | undefined;
    server.use(
      http.post(restUrl('/rpc/save_campaign'), async ({ request }) => {
        body = (await request.json()) as Body;
        return HttpResponse.json(NEW_ID);
      }),
    );
    const { user } = renderForm();
    await chooseNetwork(user);
    await tick(user, 'Venues', /Peak Gym/);
    await user.click(screen.getByRole('radio', { name: /The whole network/ }));
    expect(screen.queryByRole('list', { name: 'Venues' })).not.toBeInTheDocument();
    expect(await screen.findByText('Fits on 4 screens.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(body).toMatchObject({ p_customer_id: null, p_plays_on: 'network', p_targets: [] });
  });

  it('says whether it fits as the fields change, once they are still, counting each screen once', async () => {
    const checks: Body[] = [];
    // The stand-in for the database's answer: four spots or more overflow the Front window's loop.
    const { user } = renderForm(
      (body) => ((body.p_spots_per_loop as number) >= 4 ? { fits: false, ...OVERBOOKED } : { fits: true }),
      checks,
    );
    await chooseNetwork(user);
    await tick(user, 'Venues', /Corner Cafe/);
    expect(await screen.findByText('Fits on 2 screens.')).toBeInTheDocument();
    // The group adds the gym's two screens; the cafe's Bar, in both, counts once.
    await tick(user, 'Screen groups', /Gyms/);
    expect(await screen.findByText('Fits on 4 screens.')).toBeInTheDocument();
    expect(availability()).toHaveAttribute('aria-live', 'polite');
    expect(checks.at(-1)).toEqual({
      p_name: 'Acme December',
      p_status: 'active',
      p_advertiser_id: ACME,
      p_spots_per_loop: 1,
      p_plays_on: 'targets',
      p_targets: [{ customer_id: CAFE }, { group_id: GYMS }],
      p_windows: [],
      // No slides yet: the spot length the form gives stands for them.
      p_slide_seconds: 10,
    });

    const sent = checks.length;
    const spots = screen.getByLabelText('Spots per loop');
    await user.clear(spots);
    await user.type(spots, '12');
    expect(await screen.findByText(`Does not fit: ${OVERBOOKED.message}`)).toBeInTheDocument();
    // Typed quickly, asked once: only the value the field settled on.
    expect(checks.slice(sent).map((b) => b.p_spots_per_loop)).toEqual([12]);

    await user.clear(spots);
    await user.type(spots, '3');
    expect(await screen.findByText('Fits on 4 screens.')).toBeInTheDocument();
    // Dates and dayparts are checked too.
    await user.type(screen.getByLabelText('Start date'), '2026-12-01');
    await user.click(screen.getByRole('radio', { name: 'At set times' }));
    await user.click(screen.getByRole('button', { name: 'Add a time window' }));
    await waitFor(() =>
      expect(checks.at(-1)).toMatchObject({
        p_start_date: '2026-12-01',
        p_windows: [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
      }),
    );
  });

  it('a refused save is shown at the field that made it overflow, and every edit is kept', async () => {
    server.use(
      http.post(restUrl('/rpc/save_campaign'), () =>
        HttpResponse.json(
          {
            code: 'PT409',
            message: OVERBOOKED.message,
            details: JSON.stringify({
              device_id: FRONT,
              day: '2026-12-01',
              time: '08:00',
              booked_seconds: 330,
              loop_seconds: 300,
            }),
            hint: 'Book fewer spots, fewer screens or other dates and times, or lengthen the screen’s loop.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderForm((body) =>
      (body.p_spots_per_loop as number) >= 3 ? { fits: false, ...OVERBOOKED } : { fits: true },
    );
    await chooseNetwork(user);
    await tick(user, 'Venues', /Corner Cafe/);
    expect(await screen.findByText('Fits on 2 screens.')).toBeInTheDocument();
    const spots = screen.getByLabelText('Spots per loop');
    await user.clear(spots);
    await user.type(spots, '3');
    expect(await screen.findByText(`Does not fit: ${OVERBOOKED.message}`)).toBeInTheDocument();

    // Saved anyway: the database refuses it, and the form says so at Spots per loop.
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: it does not fit. See Spots per loop.');
    expect(spots).toHaveAccessibleDescription(expect.stringContaining(OVERBOOKED.message));
    expect(spots).toBeInvalid();
    expect(screen.queryByRole('heading', { name: 'Campaign list' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Campaign name *')).toHaveValue('Acme December');
    expect(screen.getByLabelText('Advertiser *')).toHaveValue(ACME);
    expect(spots).toHaveValue(3);
    expect(
      within(screen.getByRole('list', { name: 'Venues' })).getByRole('checkbox', { name: /Corner Cafe/ }),
    ).toBeChecked();
  });
});

describe('add campaign: the network campaign’s price', () => {
  function captureSave() {
    const bodies: Body[] = [];
    server.use(
      http.post(restUrl('/rpc/save_campaign'), async ({ request }) => {
        bodies.push((await request.json()) as Body);
        return HttpResponse.json(NEW_ID);
      }),
    );
    return bodies;
  }

  it('saves a price per 1,000 plays with the campaign', async () => {
    const bodies = captureSave();
    const { user } = renderForm();
    await chooseNetwork(user);
    await user.click(screen.getByRole('radio', { name: /The whole network/ }));
    const price = screen.getByRole('group', { name: 'Price' });
    await user.selectOptions(within(price).getByLabelText('Price basis'), 'Per 1,000 plays (CPM)');
    await user.type(within(price).getByLabelText('Price per 1,000 plays'), '4.50');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ p_price_basis: 'cpm', p_price_amount: 4.5 })]);
  });

  it('refuses an amount the database would refuse, with its words, and a fixed price without both dates', async () => {
    const bodies = captureSave();
    const { user } = renderForm();
    await chooseNetwork(user);
    await user.click(screen.getByRole('radio', { name: /The whole network/ }));
    const basis = screen.getByLabelText('Price basis');
    expect(screen.queryByLabelText(/^Price (per|for)/)).not.toBeInTheDocument();
    await user.selectOptions(basis, 'Fixed for the campaign’s period');
    const amount = screen.getByLabelText('Price for the whole period');
    const create = screen.getByRole('button', { name: 'Create Campaign' });

    await user.click(create);
    expect(await screen.findByText("Give the price's amount.")).toBeInTheDocument();
    expect(basis).toHaveAccessibleDescription(
      expect.stringContaining("A fixed price is for the campaign's period: give it a start and an end date."),
    );
    for (const [typed, message] of [
      ['-5', 'The price cannot be negative.'],
      ['12.345', 'The price is in cents at most (two decimals).'],
      ['twelve', 'Enter the amount as a number, like 12.50.'],
      ['10000000000', 'The price is at most 9,999,999,999.99.'],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(create);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(amount).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(bodies).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '1200');
    await user.type(screen.getByLabelText('Start date'), '2026-12-01');
    await user.type(screen.getByLabelText('End date'), '2026-12-31');
    await user.click(create);
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({
        p_start_date: '2026-12-01',
        p_end_date: '2026-12-31',
        p_price_basis: 'fixed',
        p_price_amount: 1200,
      }),
    ]);
  });
});
