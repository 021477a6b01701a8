import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { mockRealtime } from '@tests/setup/realtime-mock';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import type { VenueScreen } from '@/types/database-json';
import { DETAILS_MAX_CHARS, PROBLEM_KINDS, reportProblemSchema } from '../api/report-problem';
import { VenueScreens } from './venue-screens';

const CAFE = fakeUser('cafe@example.com', 'a0000000-0000-4000-8000-000000000002');
const NOW = new Date('2026-11-20T15:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

const FRONT: VenueScreen = {
  id: 'e0000000-0000-4000-8000-000000000001',
  device_name: 'Front window',
  location: '12 Bleecker St',
  orientation: 'landscape',
  live_status: 'online',
  revoked: false,
  last_heartbeat: minutesAgo(2),
  current_campaign_name: 'Morning Menu',
  current_slide_title: 'Latte of the Week',
};
const BAR: VenueScreen = {
  ...FRONT,
  id: 'e0000000-0000-4000-8000-000000000002',
  device_name: 'Bar',
  live_status: 'offline',
  last_heartbeat: minutesAgo(3 * 60),
  current_campaign_name: null,
  current_slide_title: null,
};

type Screens = VenueScreen[] | ((call: number) => Response);

function answerScreens(screens: Screens) {
  let calls = 0;
  server.use(
    http.post(restUrl('/rpc/venue_screens'), () => {
      calls += 1;
      return typeof screens === 'function' ? screens(calls) : HttpResponse.json(screens);
    }),
  );
  return () => calls;
}

const reports: unknown[] = [];
function answerReports(fail: () => boolean) {
  server.use(
    http.post(restUrl('/rpc/report_screen_problem'), async ({ request }) => {
      const body = await request.json();
      if (fail()) {
        return HttpResponse.json(
          {
            code: 'PT429',
            message:
              'You have reported 10 problems in the last hour. Please try again later, or call us if it is urgent.',
            details: null,
            hint: null,
          },
          { status: 429 },
        );
      }
      reports.push(body);
      return HttpResponse.json('a1e00000-0000-4000-8000-0000000000aa');
    }),
  );
}

function renderScreens() {
  return renderRoutes([{ path: '/home', element: <VenueScreens /> }], { url: '/home' });
}

beforeEach(() => {
  reports.length = 0;
  storeSession(CAFE);
  server.use(onUserRole('customer'));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('/home: your screens', () => {
  it('lists the venue’s screens with their status, when they last reported and what they play', async () => {
    answerScreens([FRONT, BAR]);
    renderScreens();
    const list = await screen.findByRole('list', { name: 'Your screens' });
    const front = within(within(list).getByRole('listitem', { name: 'Front window' }));
    expect(front.getByText('Online')).toBeInTheDocument();
    expect(front.getByText('Last seen').nextElementSibling).toHaveTextContent('2 min ago');
    expect(front.getByText('Playing').nextElementSibling).toHaveTextContent('Morning Menu · Latte of the Week');
    const bar = within(within(list).getByRole('listitem', { name: 'Bar' }));
    expect(bar.getByText('Offline')).toBeInTheDocument();
    expect(bar.getByText('Last seen').nextElementSibling).toHaveTextContent('3 h ago');
    expect(bar.getByText('Playing').nextElementSibling).toHaveTextContent('Nothing (not reporting)');
  });

  it('reads the list again when Realtime tells of a change to one of its screens', async () => {
    const realtime = mockRealtime();
    let online = false;
    const calls = answerScreens(() => HttpResponse.json(online ? [{ ...BAR, live_status: 'online' }] : [BAR]));
    renderScreens();
    const bar = await screen.findByRole('listitem', { name: 'Bar' });
    expect(within(bar).getByText('Offline')).toBeInTheDocument();
    await realtime.joined('equipment_status');
    // Read once, and once more when the channel is live.
    await waitFor(() => expect(calls()).toBe(2));
    online = true;
    realtime.change('equipment_status', 'UPDATE', { id: BAR.id, status: 'online' });
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: 'Bar' })).getByText('Online')).toBeInTheDocument(),
    );
    expect(calls()).toBe(3);
  });

  it('says when the venue has no screens yet', async () => {
    answerScreens([]);
    renderScreens();
    expect(await screen.findByText('No screens yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report a general problem' })).toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    // The service is down until the user tries again (the page also reads again on its own
    // once its live channel is up, which must not matter here).
    let down = true;
    answerScreens(() =>
      down
        ? HttpResponse.json(
            { code: 'XX000', message: 'Service unavailable', details: null, hint: null },
            { status: 500 },
          )
        : HttpResponse.json([FRONT]),
    );
    const { user } = renderScreens();
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    down = false;
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Front window' })).toBeInTheDocument();
  });
});

describe('/home: report a problem', () => {
  it('sends the choice and the words about one screen, and confirms', async () => {
    answerScreens([FRONT, BAR]);
    answerReports(() => false);
    const { user } = renderScreens();
    await user.click(await screen.findByRole('button', { name: 'Report a problem with Bar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    expect(
      within(dialog).getByText('Tell us what is wrong with Bar; our operators will look into it.'),
    ).toBeInTheDocument();

    // Nothing chosen yet: the choice is asked for, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose what is wrong')).toBeInTheDocument();
    expect(reports).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('What is wrong?'), 'Screen is blank or off');
    await user.type(within(dialog).getByLabelText('Details (optional)'), '  Black since we opened  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Problem reported')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reports).toEqual([{ p_device_id: BAR.id, p_message: 'Screen is blank or off: Black since we opened' }]);
  });

  it('keeps what was written when the report fails, and sends it on a second try', async () => {
    answerScreens([FRONT]);
    let fail = true;
    answerReports(() => fail);
    const { user } = renderScreens();
    await user.click(await screen.findByRole('button', { name: 'Report a general problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await user.selectOptions(within(dialog).getByLabelText('What is wrong?'), 'Something else');
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'The sound is too loud');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your report was not sent');
    expect(alert).toHaveTextContent('You have reported 10 problems in the last hour.');
    expect(within(dialog).getByLabelText('Details (optional)')).toHaveValue('The sound is too loud');
    expect(within(dialog).getByLabelText('What is wrong?')).toHaveValue('Something else');

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Problem reported')).toBeInTheDocument();
    expect(reports).toEqual([{ p_device_id: null, p_message: 'Something else: The sound is too loud' }]);
  });

  it('takes the longest choice with details up to the database’s 500 characters, and no more', () => {
    const longest = [...PROBLEM_KINDS].sort((a, b) => b.length - a.length)[0]!;
    const fits = reportProblemSchema.safeParse({ kind: longest, details: 'x'.repeat(DETAILS_MAX_CHARS) });
    expect(fits.success && fits.data.message.length).toBe(500);
    const over = reportProblemSchema.safeParse({ kind: longest, details: 'x'.repeat(DETAILS_MAX_CHARS + 1) });
    expect(over.success).toBe(false);
    expect(reportProblemSchema.safeParse({ kind: 'Something else', details: '   ' }).data).toEqual({
      message: 'Something else',
    });
  });
});
