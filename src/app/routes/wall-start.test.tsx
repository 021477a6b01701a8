// A kiosk that played before, relaunched (its browser killed by a watchdog, a power cut): the
// app's own route table starts it on the playlist, role and place kept on the device, so its
// first render is the slide it was on, before the server answers anything and without a
// loading screen; the server's read, when it comes, takes over at a slide boundary.
import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../routes';
import { dayIn } from '@/entities/campaign/campaign-dates';
import { playlistSlide } from '@/entities/playlist/playlist-fixtures';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';

const CAFE = fakeUser('cafe@example.com', 'a0000000-0000-4000-8000-000000000002');
const CUSTOMER = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Corner Cafe', time_zone: 'America/New_York' };
const FRONT = 'e0000000-0000-4000-8000-000000000001';

const slide = (id: string, title: string, order: number) =>
  playlistSlide(id, title, { campaign_id: 'camp', display_order: order, duration: 5 });
const list = (version: string, slides: ReturnType<typeof slide>[]) => ({
  version,
  customer: CUSTOMER,
  today: dayIn(CUSTOMER.time_zone),
  slides,
});

let asked: string[];
/** Every sign of a loading screen the wall showed: the player's and the guards' spinners. */
let loadingSeen: string[];

function watchForLoading() {
  const observer = new MutationObserver(() => {
    const status = document.querySelector('[role="status"]');
    if (status) loadingSeen.push(status.textContent ?? '');
    if (document.body.textContent?.includes('Loading your slides')) loadingSeen.push('Loading your slides');
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return observer;
}

beforeEach(() => {
  asked = [];
  loadingSeen = [];
  // What the kiosk kept while it played: its session and role, which screen it is, the
  // playlist, and the place (the second slide, up for 4.5 of its 5 seconds).
  storeSession(CAFE);
  localStorage.setItem(`signage:role:${CAFE.id}`, 'customer');
  localStorage.setItem('signage-player:device-id', FRONT);
  localStorage.setItem(
    `signage-player:playlist:${CAFE.id}`,
    JSON.stringify(list('v1', [slide('kept-1', 'Kept first', 1), slide('kept-2', 'Kept second', 2)])),
  );
  localStorage.setItem(
    `signage-player:place:${FRONT}`,
    JSON.stringify({ slideId: 'kept-2', index: 1, loop: 0, venueStart: 0, shownAt: Date.now() - 4500 }),
  );
});

const shown = () => document.querySelector<HTMLElement>('[data-visible="true"]');

describe('a kiosk relaunched after it played', () => {
  it('shows the slide it was on while the server has answered nothing, never a loading screen', async () => {
    server.use(
      http.all(restUrl('/*'), async ({ request }) => {
        asked.push(new URL(request.url).pathname);
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const observer = watchForLoading();
    renderRoutes(createRoutes, { url: '/slides' });
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('2 / 2');
    observer.disconnect();
    expect(shown()).toHaveTextContent('Kept second');
    expect(loadingSeen).toEqual([]);
    // The reads did go out (the role and the playlist); none has answered.
    expect(asked).toEqual(expect.arrayContaining(['/rest/v1/users', '/rest/v1/rpc/player_playlist']));
  });

  it("plays on into the server's playlist at the slide boundary, with no loading screen between", async () => {
    // The server answers once the kept slide is on screen (as a read over a real network does).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(restUrl('/users'), () => HttpResponse.json({ role: 'customer', locale: null })),
      http.post(restUrl('/rpc/player_playlist'), async () => {
        await answered;
        return HttpResponse.json(
          list('v2', [
            slide('kept-1', 'Kept first', 1),
            slide('kept-2', 'Kept second', 2),
            slide('new-3', 'New third', 3),
          ]),
        );
      }),
      http.all(restUrl('/*'), () => HttpResponse.error()),
    );
    const observer = watchForLoading();
    renderRoutes(createRoutes, { url: '/slides' });
    expect(await screen.findByTestId('slide-counter')).toHaveTextContent('2 / 2');
    expect(shown()).toHaveTextContent('Kept second');
    answer();
    // The read's new list waits for the end of the slide on screen (a second left of it).
    expect(await screen.findByText('New third')).toBeInTheDocument();
    await expect.poll(() => screen.getByTestId('slide-counter').textContent).toBe('3 / 3');
    observer.disconnect();
    expect(shown()).toHaveTextContent('New third');
    expect(loadingSeen).toEqual([]);
  });
});
