import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { restUrl, SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { SlideBuilderRoute } from './slide-builder';
import { storedSlide } from '@/entities/slide/slide-fixtures';

const CAMPAIGN_ID = 'ca000000-0000-4000-8000-000000000001';
const LOADED_AT = '2026-11-20T10:00:00.000000+00:00';
const FRESH_AT = '2026-11-21T09:30:00.000000+00:00';

const campaign = (updatedAt = LOADED_AT, playsOn = 'all') => ({
  id: CAMPAIGN_ID,
  name: 'Cafe Daily Specials',
  customer_id: 'c0000000-0000-4000-8000-000000000001',
  status: 'active',
  start_date: null,
  end_date: null,
  plays_on: playsOn,
  slide_count: 2,
  total_duration: 75,
  updated_at: updatedAt,
  customers: { name: 'Corner Cafe' },
});

const row = (n: number, patch: Record<string, unknown> = {}) => ({
  ...storedSlide(n, { campaign_id: CAMPAIGN_ID, slide_type: 'promotional', content: 'Text' }),
  ad_id: null,
  created_at: LOADED_AT,
  updated_at: LOADED_AT,
  ...patch,
});

const SLIDES = [row(1, { duration: 15 }), row(2, { title: '', duration: 60 })];

/** campaign_screens rows as the builder reads them (device_id with the device's name). */
type ScreenRow = { device_id: string; equipment_status: { device_name: string } };

function serve({
  slides = SLIDES,
  updatedAt = (): string => LOADED_AT,
  playsOn = 'all',
  screens = [] as ScreenRow[],
} = {}) {
  server.use(
    http.get(restUrl('/campaigns'), () => HttpResponse.json(campaign(updatedAt(), playsOn))),
    http.get(restUrl('/campaign_items'), () => HttpResponse.json(slides)),
    http.get(restUrl('/campaign_screens'), () => HttpResponse.json(screens)),
    http.get(restUrl('/ads'), () => HttpResponse.json(ADS)),
  );
}

/** The ads a slide can name, as the options read answers them. */
const ADS = [
  {
    id: 'ad-2',
    title: 'Trade-in Week',
    status: 'paused',
    advertiser_id: 'adv-2',
    advertisers: { business_name: 'Brightline Mobile', advertiser_name: 'James' },
  },
  {
    id: 'ad-1',
    title: 'Morning Croissant Special',
    status: 'active',
    advertiser_id: 'adv-1',
    advertisers: { business_name: 'Sunrise Bakery', advertiser_name: 'Maria' },
  },
];

interface RpcBody {
  p_campaign_id: string;
  p_slides: { id: string; title: string | null; slide_type: string; content_type: string; duration: number }[];
  p_expected_updated_at?: string;
}

function renderBuilder() {
  return renderRoutes(
    [
      { path: '/dashboard/campaigns/builder/:id', element: <SlideBuilderRoute /> },
      { path: '/dashboard/campaigns', element: <h1>Campaign list</h1> },
    ],
    { url: `/dashboard/campaigns/builder/${CAMPAIGN_ID}` },
  );
}

const rowTitles = () => screen.getAllByTestId('slide-title').map((node) => node.textContent);

describe('slide builder', () => {
  it('shows a loading state, then the campaign, its slides and stats', async () => {
    serve();
    renderBuilder();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading slide builder...');
    expect(await screen.findByRole('heading', { name: 'Cafe Daily Specials' })).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Slide 1', 'Untitled Slide']);
    expect(screen.getByTestId('builder-summary')).toHaveTextContent('2 slides · 1:15');
    const stats = within(screen.getByRole('heading', { name: 'Campaign Stats' }).closest('div')!.parentElement!);
    expect(stats.getByText('Total duration').nextElementSibling).toHaveTextContent('1:15');
    expect(stats.getByText('Static slides').nextElementSibling).toHaveTextContent('2');
    expect(stats.getByText('Dynamic slides').nextElementSibling).toHaveTextContent('0');
    expect(screen.getByText('Click the eye icon on any slide to preview it here')).toBeInTheDocument();
    expect(screen.getByText('15s · Priority 1')).toBeInTheDocument();
  });

  it('says it plays on all screens of the venue when no screens are chosen', async () => {
    serve();
    renderBuilder();
    expect(await screen.findByText('Plays on all screens of Corner Cafe')).toBeInTheDocument();
  });

  it('names the chosen screens it plays on', async () => {
    serve({
      playsOn: 'chosen',
      screens: [
        { device_id: 'e0000000-0000-4000-8000-000000000002', equipment_status: { device_name: 'Front window' } },
        { device_id: 'e0000000-0000-4000-8000-000000000001', equipment_status: { device_name: 'Bar' } },
      ],
    });
    renderBuilder();
    expect(await screen.findByText('Plays on 2 screens: Bar, Front window')).toBeInTheDocument();
  });

  it('warns that it plays nowhere when its chosen screens were all removed', async () => {
    serve({ playsOn: 'chosen', screens: [] });
    renderBuilder();
    expect(
      await screen.findByText(
        'Plays on no screens: its chosen screens were removed. Edit the campaign to choose screens.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the error with a retry when the campaign cannot load', async () => {
    server.use(
      http.get(restUrl('/campaigns'), () =>
        HttpResponse.json({ code: '42501', message: 'permission denied', details: null, hint: null }, { status: 403 }),
      ),
      http.get(restUrl('/campaign_items'), () => HttpResponse.json([])),
    );
    renderBuilder();
    expect(await screen.findByRole('alert')).toHaveTextContent('permission denied');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows No Slides Yet and adds the first slide through the modal', async () => {
    serve({ slides: [] });
    const { user } = renderBuilder();
    expect(await screen.findByRole('heading', { name: 'No Slides Yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Slide' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Slide' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('New Slide');
    expect(within(dialog).getByLabelText('Slide type')).toHaveValue('advertisement');
    expect(within(dialog).getByLabelText('Content text')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose from Media Library' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Slide' }));
    expect(rowTitles()).toEqual(['New Slide']);
    expect(screen.getByTestId('builder-summary')).toHaveTextContent('1 slide · 0:10 Unsaved changes');
  });

  it('shows only the fields of the chosen type, and refuses numbers out of bounds at their fields', async () => {
    serve();
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Edit Slide 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Slide' });
    const form = within(dialog);
    expect(form.queryByLabelText('Slide image or video')).not.toBeInTheDocument(); // promotional: no image
    await user.selectOptions(form.getByLabelText('Slide type'), 'weather');
    expect(form.getByLabelText('Content type')).toHaveValue('Dynamic');
    expect(form.queryByLabelText('Content text')).not.toBeInTheDocument();
    expect(form.getByLabelText('Location')).toBeInTheDocument();
    expect(form.queryByLabelText('News category')).not.toBeInTheDocument();
    expect(form.getByLabelText('Refresh interval (seconds)')).toHaveValue(300);
    await user.selectOptions(form.getByLabelText('Slide type'), 'news');
    expect(form.getByLabelText('News category')).toHaveValue('general');
    expect(form.queryByLabelText('Location')).not.toBeInTheDocument();
    await user.selectOptions(form.getByLabelText('Slide type'), 'business_info');
    expect(form.getByLabelText('Content type')).toHaveValue('Static');
    expect(form.getByLabelText('Slide image or video')).toBeInTheDocument();
    await user.selectOptions(form.getByLabelText('Slide type'), 'weather');
    const type = async (label: string, value: string) => {
      await user.clear(form.getByLabelText(label));
      if (value) await user.type(form.getByLabelText(label), value);
    };
    await type('Duration (seconds)', '-5');
    await type('Priority', '99');
    await type('Refresh interval (seconds)', '10');
    await user.click(form.getByRole('button', { name: 'Save Slide' }));
    // Nothing is changed silently: each field says what it takes, and the dialog stays open.
    expect(form.getByLabelText('Duration (seconds)')).toHaveAccessibleDescription(
      '5 to 300. Duration must be a whole number from 5 to 300 seconds.',
    );
    expect(form.getByLabelText('Priority')).toHaveAccessibleDescription(
      '1 to 10. Priority must be a whole number from 1 to 10.',
    );
    expect(form.getByLabelText('Refresh interval (seconds)')).toHaveAccessibleDescription(
      '60 to 3600; default 300. Refresh interval must be a whole number from 60 to 3600 seconds.',
    );
    expect(form.getByLabelText('Duration (seconds)')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Refresh interval (seconds)')).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Edit Slide' })).toBeInTheDocument();

    await type('Duration (seconds)', '99999');
    await type('Priority', '');
    await type('Refresh interval (seconds)', '600');
    await user.click(form.getByRole('button', { name: 'Save Slide' }));
    expect(form.getByText('Duration must be a whole number from 5 to 300 seconds.')).toBeInTheDocument();
    expect(form.getByText('Priority must be a whole number from 1 to 10.')).toBeInTheDocument();
    expect(form.queryByText(/Refresh interval must be/)).not.toBeInTheDocument();
    expect(form.getByLabelText('Duration (seconds)')).toHaveFocus();

    await type('Duration (seconds)', '300');
    await type('Priority', '10');
    await user.click(form.getByRole('button', { name: 'Save Slide' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('300s · Priority 10')).toBeInTheDocument();
    expect(screen.getAllByText('dynamic')).toHaveLength(1);
  });

  it('duplicates and deletes locally, then saves in one call and shows the saved toast', async () => {
    serve();
    let body: RpcBody | undefined;
    server.use(
      http.post(restUrl('/rpc/save_campaign_slides'), async ({ request }) => {
        body = (await request.json()) as RpcBody;
        return HttpResponse.json(
          body.p_slides.map((slide, index) =>
            row(index + 1, { ...slide, id: `d1000000-0000-4000-8000-00000000000${index + 1}` }),
          ),
        );
      }),
    );
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Slide 1' }));
    expect(rowTitles()).toEqual(['Slide 1', 'Untitled Slide', 'Slide 1 (Copy)']);
    await user.click(screen.getByRole('button', { name: 'Delete Untitled Slide' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(rowTitles()).toEqual(['Slide 1', 'Slide 1 (Copy)']);
    expect(screen.getAllByLabelText(/^Position/).map((node) => node.textContent)).toEqual(['1', '2']);

    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    expect(await screen.findByText('Campaign and slides saved!')).toBeInTheDocument();
    expect(body?.p_campaign_id).toBe(CAMPAIGN_ID);
    expect(body?.p_expected_updated_at).toBe(LOADED_AT);
    expect(body?.p_slides.map((slide) => slide.title)).toEqual(['Slide 1', 'Slide 1 (Copy)']);
    expect(body?.p_slides[0]?.id).toBe(row(1).id);
    expect(body?.p_slides[1]?.id).toMatch(/^temp-/);
    expect(screen.getByTestId('builder-summary')).not.toHaveTextContent('Unsaved changes');
    expect(screen.getByRole('button', { name: 'Edit Slide 1 (Copy)' })).toBeInTheDocument();
  });

  it('names the ad a slide shows, and saves it with the slide', async () => {
    serve();
    let body: (RpcBody & { p_slides: { ad_id?: string | null }[] }) | undefined;
    server.use(
      http.post(restUrl('/rpc/save_campaign_slides'), async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json(
          body!.p_slides.map((slide, index) => row(index + 1, { ...slide, id: row(index + 1).id })),
        );
      }),
    );
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Edit Slide 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Slide' });
    const ad = within(dialog).getByLabelText('Ad');
    // By advertiser, then title; an ad that is not running says so.
    await waitFor(() =>
      expect(
        within(ad)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No ad', 'Brightline Mobile · Trade-in Week (paused)', 'Sunrise Bakery · Morning Croissant Special']),
    );
    await user.selectOptions(ad, 'Sunrise Bakery · Morning Croissant Special');
    await user.click(within(dialog).getByRole('button', { name: 'Save Slide' }));
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    expect(await screen.findByText('Campaign and slides saved!')).toBeInTheDocument();
    expect(body?.p_slides[0]?.ad_id).toBe('ad-1');
    expect(body?.p_slides[1]?.ad_id).toBe(null);
  });

  it('keeps the edits and shows the message when the save fails', async () => {
    serve();
    server.use(
      http.post(restUrl('/rpc/save_campaign_slides'), () =>
        HttpResponse.json(
          { code: '23514', message: 'Slide duration must be between 5 and 300 seconds.', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Slide 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Slide duration must be between 5 and 300 seconds.');
    expect(rowTitles()).toEqual(['Slide 1', 'Untitled Slide', 'Slide 1 (Copy)']);
    expect(screen.getByTestId('builder-summary')).toHaveTextContent('Unsaved changes');
    expect(screen.queryByText('Campaign and slides saved!')).not.toBeInTheDocument();
  });

  it('on a concurrent save offers to overwrite, saving again against the fresh updated_at', async () => {
    let updatedAt = LOADED_AT;
    serve({ updatedAt: () => updatedAt });
    const expected: (string | undefined)[] = [];
    server.use(
      http.post(restUrl('/rpc/save_campaign_slides'), async ({ request }) => {
        const body = (await request.json()) as RpcBody;
        expected.push(body.p_expected_updated_at);
        if (body.p_expected_updated_at !== FRESH_AT) {
          return HttpResponse.json(
            {
              code: 'PT409',
              message: 'This campaign was changed by someone else after you opened it.',
              details: null,
              hint: null,
            },
            { status: 409 },
          );
        }
        return HttpResponse.json(
          body.p_slides.map((slide, index) => row(index + 1, { ...slide, id: row(index + 1).id })),
        );
      }),
    );
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Slide 1' }));
    updatedAt = FRESH_AT; // another admin saves meanwhile
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this campaign' });
    expect(within(dialog).getByRole('button', { name: 'Reload their version' })).toBeInTheDocument();
    // Said once: the dialog's own words, not the server's sentence saying the same again beneath.
    expect(dialog).toHaveAccessibleDescription(
      'Another admin saved this campaign after you opened it. Reload to see their version (your changes here are discarded), or overwrite theirs with yours.',
    );
    expect(within(dialog).queryByText(/changed by someone else/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Campaign and slides saved!')).toBeInTheDocument();
    expect(expected).toEqual([LOADED_AT, FRESH_AT]);
  });

  it('on a concurrent save can reload the other version, dropping the local edits', async () => {
    let slides = SLIDES;
    serve();
    server.use(
      http.get(restUrl('/campaign_items'), () => HttpResponse.json(slides)),
      http.post(restUrl('/rpc/save_campaign_slides'), () =>
        HttpResponse.json({ code: 'PT409', message: 'Changed elsewhere.', details: null, hint: null }, { status: 409 }),
      ),
    );
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Slide 1' }));
    slides = [row(3, { title: 'Their slide' })];
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Their slide']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    serve();
    const { user, router } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Slide 1' }));
    await user.click(screen.getByRole('link', { name: 'Back to campaigns' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/dashboard/campaigns/builder/${CAMPAIGN_ID}`);
    await user.click(screen.getByRole('link', { name: 'Back to campaigns' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
  });

  it('previews a slide from its eye icon and closes the preview', async () => {
    serve({ slides: [row(1, { duration: 5 }), row(2, { duration: 5 })] });
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Preview Slide 2' }));
    expect(screen.getByText('2. Slide 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Click the eye icon on any slide to preview it here')).toBeInTheDocument();
  });
});

describe('slide builder, live', () => {
  it('with nothing unsaved, shows the version another admin just saved', async () => {
    let slides = SLIDES;
    let updatedAt = LOADED_AT;
    serve({ updatedAt: () => updatedAt });
    server.use(http.get(restUrl('/campaign_items'), () => HttpResponse.json(slides)));
    const realtime = mockRealtime();
    renderBuilder();
    expect(await screen.findByRole('heading', { name: 'Cafe Daily Specials' })).toBeInTheDocument();
    await realtime.joined('campaigns');

    slides = [...SLIDES, row(3, { title: 'Their new slide' })];
    updatedAt = FRESH_AT;
    realtime.change('campaigns', 'UPDATE', { ...campaign(FRESH_AT), customers: undefined });
    await waitFor(() => expect(rowTitles()).toEqual(['Slide 1', 'Untitled Slide', 'Their new slide']));
    expect(await screen.findByText('Another admin saved this campaign')).toBeInTheDocument();
    expect(screen.queryByTestId('saved-elsewhere')).not.toBeInTheDocument();
  });

  it('with unsaved edits, says someone else saved it and reloads their version on request', async () => {
    let slides = SLIDES;
    let updatedAt = LOADED_AT;
    serve({ updatedAt: () => updatedAt });
    server.use(http.get(restUrl('/campaign_items'), () => HttpResponse.json(slides)));
    const realtime = mockRealtime();
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Slide 1' }));
    await realtime.joined('campaigns');

    slides = [row(3, { title: 'Their slide' })];
    updatedAt = FRESH_AT;
    realtime.change('campaigns', 'UPDATE', { id: CAMPAIGN_ID, updated_at: FRESH_AT });
    const warning = await screen.findByTestId('saved-elsewhere');
    expect(warning).toHaveTextContent('Someone else saved this campaign');
    // The local edits stay until the admin chooses.
    expect(rowTitles()).toEqual(['Slide 1', 'Untitled Slide', 'Slide 1 (Copy)']);
    await user.click(within(warning).getByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Their slide']));
    expect(screen.queryByTestId('saved-elsewhere')).not.toBeInTheDocument();
  });

  it('does not take its own save, heard back through Realtime, for someone else’s', async () => {
    let updatedAt = LOADED_AT;
    serve({ updatedAt: () => updatedAt });
    const realtime = mockRealtime();
    server.use(
      http.post(restUrl('/rpc/save_campaign_slides'), async ({ request }) => {
        const body = (await request.json()) as RpcBody;
        updatedAt = FRESH_AT;
        // The change arrives before the save's answer, as it can.
        realtime.change('campaigns', 'UPDATE', { id: CAMPAIGN_ID, updated_at: FRESH_AT });
        return HttpResponse.json(
          body.p_slides.map((slide, index) => row(index + 1, { ...slide, id: row(index + 1).id })),
        );
      }),
    );
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Slide 1' }));
    await realtime.joined('campaigns');
    await user.click(screen.getByRole('button', { name: 'Save Campaign' }));
    expect(await screen.findByText('Campaign and slides saved!')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('saved-elsewhere')).not.toBeInTheDocument();
    expect(screen.queryByText('Another admin saved this campaign')).not.toBeInTheDocument();
  });

  it('listens to its own campaign only', async () => {
    serve();
    const realtime = mockRealtime();
    const { unmount } = renderBuilder();
    expect(await screen.findByRole('heading', { name: 'Cafe Daily Specials' })).toBeInTheDocument();
    await realtime.joined('campaigns');
    realtime.change('campaigns', 'UPDATE', { id: 'ca000000-0000-4000-8000-000000000009', updated_at: FRESH_AT });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('Another admin saved this campaign')).not.toBeInTheDocument();
    unmount();
    await waitFor(() => expect(realtime.topics()).toEqual([]));
  });
});

describe('slide builder timeline pictures', () => {
  it('shows a small rendering of each image and each video’s poster frame, made by Storage’s image transformation', async () => {
    const signed: { path: string; body: unknown }[] = [];
    serve({
      slides: [
        row(1, { slide_type: 'advertisement', image_url: 'latte.png' }),
        row(2, { slide_type: 'advertisement', title: 'Clip', image_url: 'clip.webm', media_kind: 'video' }),
        row(3, { title: 'Words' }),
      ],
    });
    server.use(
      http.post(`${SUPABASE_URL}/storage/v1/object/sign/ad-images/*`, async ({ request }) => {
        const path = decodeURIComponent(new URL(request.url).pathname.split('/object/sign/ad-images/')[1]!);
        signed.push({ path, body: await request.json() });
        return HttpResponse.json({ signedURL: `/render/image/sign/ad-images/${path}?token=t` });
      }),
    );
    renderBuilder();
    await screen.findByRole('heading', { name: 'Cafe Daily Specials' });
    const rows = screen.getAllByTestId('slide-row');
    await waitFor(() => expect(rows[1]!.querySelector('img')).not.toBeNull());
    expect(rows[0]!.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/render/image/sign/ad-images/latte.png?token=t'),
    );
    expect(rows[1]!.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/render/image/sign/ad-images/posters/clip.webm.jpg?token=t'),
    );
    expect(rows[2]!.querySelector('img')).toBeNull();
    expect(within(rows[1]!).getByText('Video · 10s · Priority 1')).toBeInTheDocument();
    expect(signed.map((s) => s.path).sort()).toEqual(['latte.png', 'posters/clip.webm.jpg']);
    for (const { body } of signed) {
      expect(body).toEqual({ expiresIn: 3600, transform: { width: 160, height: 90, resize: 'cover' } });
    }
  });
});
