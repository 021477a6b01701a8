import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { SlidesRoute } from './slides';
import { fakeUser, onLogout, onUserRole, restUrl, storeSession, SUPABASE_URL } from '@tests/setup/supabase-mocks';

const CAFE = fakeUser('cafe@example.com', 'a0000000-0000-4000-8000-000000000002');
const CUSTOMER = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Corner Cafe' };

const day = 24 * 60 * 60 * 1000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

function item(id: string, title: string, display_order: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    campaign_id: 'camp',
    content_type: 'static',
    slide_type: 'advertisement',
    title,
    content: null,
    image_url: null,
    display_order,
    duration: 10,
    is_active: true,
    settings: {},
    updated_at: '2026-11-01T00:00:00Z',
    ...extra,
  };
}

function campaign(
  id: string,
  items: ReturnType<typeof item>[],
  dates: { start?: string | null; end?: string | null } = {},
) {
  return {
    id,
    start_date: dates.start ?? null,
    end_date: dates.end ?? null,
    updated_at: '2026-11-01T00:00:00Z',
    campaign_items: items.map((i) => ({ ...i, campaign_id: id })),
  };
}

let campaignQueries: URLSearchParams[];

function answer(customers: unknown[], campaigns: unknown[]) {
  server.use(
    http.get(restUrl('/customers'), () => HttpResponse.json(customers)),
    http.get(restUrl('/campaigns'), ({ request }) => {
      campaignQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(campaigns);
    }),
    http.post(restUrl('/rpc/player_heartbeat'), () => HttpResponse.json('9e000000-0000-4000-8000-000000000001')),
  );
}

function renderSlides() {
  return renderRoutes([{ path: '/slides', element: <SlidesRoute /> }], { url: '/slides' });
}

const counter = () => screen.getByTestId('slide-counter').textContent;
const shown = () => document.querySelector<HTMLElement>('[data-visible="true"]');

beforeEach(() => {
  campaignQueries = [];
  storeSession(CAFE);
  server.use(onUserRole('customer'));
});

describe('/slides', () => {
  it('says it is loading the slides', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    answer([CUSTOMER], [campaign('c1', [item('a', 'Welcome', 1)])]);
    server.use(
      http.get(restUrl('/customers'), async () => {
        await answered;
        return HttpResponse.json([CUSTOMER]);
      }),
    );
    renderSlides();
    expect(await screen.findByText('Loading your slides...')).toBeInTheDocument();
    release();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
  });

  it('plays the slides of the active campaigns dated today, merged in display order', async () => {
    answer(
      [CUSTOMER],
      [
        campaign('c1', [item('a2', 'Two', 2), item('a4', 'Four', 4)], { start: iso(-3), end: iso(3) }),
        campaign('c2', [item('b1', 'One', 1), item('b3', 'Three', 3), item('b5', 'Hidden', 5, { is_active: false })]),
        campaign('c3', [item('f1', 'Future', 1)], { start: iso(2), end: null }),
        campaign('c4', [item('p1', 'Past', 1)], { start: iso(-30), end: iso(-2) }),
      ],
    );
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 4');
    expect(shown()).toHaveTextContent('One');
    // Only the customer's active campaigns are asked for.
    expect(campaignQueries[0]!.get('status')).toBe('eq.active');
    expect(campaignQueries[0]!.get('customer_id')).toBe(`eq.${CUSTOMER.id}`);
    expect(document.querySelector('[data-visible="false"]')).toHaveAttribute('data-slide-id', 'a2');
    expect(screen.queryByText('Future')).not.toBeInTheDocument();
    expect(screen.queryByText('Past')).not.toBeInTheDocument();
    expect(counter()).toBe('1 / 4');
  });

  it('signs the slide images in one batched request', async () => {
    const signed: unknown[] = [];
    answer(
      [CUSTOMER],
      [
        campaign('c1', [
          item('a', 'Latte', 1, { image_url: 'latte.png' }),
          item('b', 'Pastries', 2, { image_url: 'slides/pastries.png' }),
        ]),
      ],
    );
    server.use(
      http.post(`${SUPABASE_URL}/storage/v1/object/sign/ad-images`, async ({ request }) => {
        const body = (await request.json()) as { paths: string[]; expiresIn: number };
        signed.push(body);
        return HttpResponse.json(
          body.paths.map((path) =>
            path === 'slides/pastries.png'
              ? { path, signedURL: null, error: 'Object not found' }
              : { path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null },
          ),
        );
      }),
    );
    renderSlides();
    const image = await screen.findByRole('img', { name: 'Latte' });
    expect(image.getAttribute('src')).toContain('/storage/v1/object/sign/ad-images/latte.png?token=t');
    // One request for every image; a second only for the path that failed with 'slides/' in front.
    expect(signed).toEqual([
      { expiresIn: 3600, paths: ['latte.png', 'slides/pastries.png'] },
      { expiresIn: 3600, paths: ['pastries.png'] },
    ]);
    await waitFor(() =>
      expect(document.querySelector('[data-slide-id="b"] img')?.getAttribute('src')).toContain('pastries.png?token=t'),
    );
  });

  it('says when there is no active campaign with slides', async () => {
    answer([CUSTOMER], [campaign('c1', [])]);
    renderSlides();
    expect(await screen.findByRole('heading', { name: 'No Active Campaigns' })).toBeInTheDocument();
    expect(screen.getByText("You don't have any active campaigns with slides to display.")).toBeInTheDocument();
  });

  it('says when no customer matches, with a way to sign out', async () => {
    answer([], []);
    const logout = vi.fn();
    server.use(onLogout(logout));
    const { user } = renderSlides();
    expect(await screen.findByRole('heading', { name: 'Customer Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('shows an error with Retry, and plays once a retry succeeds', async () => {
    server.use(
      http.get(restUrl('/customers'), () =>
        HttpResponse.json(
          { code: 'XX000', message: 'The database is unavailable', details: null, hint: null },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderSlides();
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The database is unavailable');
    answer([CUSTOMER], [campaign('c1', [item('a', 'Welcome', 1)])]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
  });

  it('keeps playing the playlist kept on the device when the network is gone', async () => {
    answer([CUSTOMER], [campaign('c1', [item('a', 'Kept slide', 1)])]);
    const first = renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    first.unmount();

    server.use(
      http.get(restUrl('/customers'), () => HttpResponse.error()),
      http.get(restUrl('/campaigns'), () => HttpResponse.error()),
    );
    renderSlides();
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('1 / 1');
    expect(shown()).toHaveTextContent('Kept slide');
  });
});
