import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { storedSlide } from '@/entities/slide/slide-fixtures';
import { SlideBuilderRoute } from './slide-builder';

const CAMPAIGN_ID = 'ca000000-0000-4000-8000-000000000009';
const LOADED_AT = '2026-11-20T10:00:00.000000+00:00';
const FRONT = 'e0000000-0000-4000-8000-000000000001';
const MESSAGE =
  'Front window at Corner Cafe would be overbooked on Tue 01 Dec 2026 from 08:00: 330 s of its 300 s loop booked.';

const row = (n: number, patch: Record<string, unknown> = {}) => ({
  ...storedSlide(n, { campaign_id: CAMPAIGN_ID, slide_type: 'advertisement', content: 'Coffee' }),
  ad_id: null,
  created_at: LOADED_AT,
  updated_at: LOADED_AT,
  ...patch,
});

/** Acme Coffee's network campaign: 2 spots per loop on Corner Cafe and the group Gyms, slides of 15 and 30 s. */
function serve(playsOn = 'targets') {
  server.use(
    http.get(restUrl('/campaigns'), () =>
      HttpResponse.json({
        id: CAMPAIGN_ID,
        name: 'Acme December',
        customer_id: null,
        advertiser_id: 'ad000000-0000-4000-8000-000000000001',
        spots_per_loop: 2,
        status: 'active',
        start_date: null,
        end_date: null,
        plays_on: playsOn,
        priority: 1,
        slide_count: 2,
        total_duration: 45,
        updated_at: LOADED_AT,
        customers: null,
        advertisers: { business_name: 'Acme Coffee', advertiser_name: 'Ann' },
        campaign_windows: [],
      }),
    ),
    http.get(restUrl('/campaign_items'), () =>
      HttpResponse.json([row(1, { duration: 15 }), row(2, { title: 'Latte', duration: 30 })]),
    ),
    http.get(restUrl('/campaign_targets'), () =>
      HttpResponse.json([
        {
          customer_id: 'c0000000-0000-4000-8000-000000000001',
          group_id: null,
          device_id: null,
          customers: { name: 'Corner Cafe', time_zone: 'America/New_York' },
          screen_groups: null,
          equipment_status: null,
        },
        {
          customer_id: null,
          group_id: '90000000-0000-4000-8000-000000000001',
          device_id: null,
          customers: null,
          screen_groups: { name: 'Gyms' },
          equipment_status: null,
        },
      ]),
    ),
    // The group's screen is at Anvil Gym, first by name of the venues it plays at: the preview runs on its clock.
    http.get(restUrl('/screen_group_members'), () => HttpResponse.json([{ device_id: FRONT }])),
    http.get(restUrl('/equipment_status'), () =>
      HttpResponse.json([{ customers: { name: 'Anvil Gym', time_zone: 'America/Chicago' } }]),
    ),
    http.get(restUrl('/customers'), () => HttpResponse.json([{ name: 'Bay Books', time_zone: 'America/Los_Angeles' }])),
    http.get(restUrl('/ads'), () => HttpResponse.json([])),
  );
}

const renderBuilder = () =>
  renderRoutes([{ path: '/dashboard/campaigns/builder/:id', element: <SlideBuilderRoute /> }], {
    url: `/dashboard/campaigns/builder/${CAMPAIGN_ID}`,
  });

describe('slide builder: a network campaign', () => {
  it('says whose it is, where it plays and how long its spot is, as the slides change', async () => {
    serve();
    const { user } = renderBuilder();
    expect(await screen.findByRole('heading', { name: 'Acme December' })).toBeInTheDocument();
    expect(screen.getByText('Network campaign of Acme Coffee · 2 spots per loop')).toBeInTheDocument();
    expect(await screen.findByText('Plays on Corner Cafe, Gyms (group)')).toBeInTheDocument();
    expect(screen.getByTestId('spot-length')).toHaveTextContent(
      'Each spot shows one slide, for as long as the longest slide (30 s).',
    );
    expect(await screen.findByTestId('preview-clock')).toHaveTextContent(
      'Times in the preview are on the clock of Anvil Gym (America/Chicago), the first venue this campaign plays at.',
    );
    // A longer slide lengthens every spot.
    await user.click(screen.getByRole('button', { name: 'Edit Slide 1' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit Slide' }));
    await user.clear(form.getByLabelText('Duration (seconds)'));
    await user.type(form.getByLabelText('Duration (seconds)'), '45');
    await user.click(form.getByRole('button', { name: 'Save Slide' }));
    expect(screen.getByTestId('spot-length')).toHaveTextContent('(45 s)');
  });

  it('on the whole network says so', async () => {
    serve('network');
    renderBuilder();
    expect(await screen.findByText('Plays on the whole network')).toBeInTheDocument();
    expect(await screen.findByTestId('preview-clock')).toHaveTextContent(
      'on the clock of Bay Books (America/Los_Angeles), the first venue',
    );
  });

  it('a slide that overbooks a screen is refused with the database’s words, not taken for someone else’s save', async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/save_campaign_slides'), () =>
        HttpResponse.json(
          {
            code: 'PT409',
            message: MESSAGE,
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
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Slide 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The campaign was not saved${MESSAGE} Its spots would no longer fit: shorten its longest slide, or book fewer spots or screens in the campaign’s form.`,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The edits stay, unsaved.
    expect(screen.getByTestId('builder-summary')).toHaveTextContent('3 slides');
    expect(screen.getByTestId('builder-summary')).toHaveTextContent('Unsaved changes');
  });
});
