import { format } from 'date-fns';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { DynamicContentSettings } from '@/lib/dynamic-content';
import { advance, settle } from '@tests/setup/fake-time';
import { server } from '@tests/setup/msw-server';
import { DynamicContent } from './dynamic-content';
import { dynamicRequestKey, isUnavailable, keepLiveData, resetAvailability } from './wall-data';
import { answer, article, game, json, onDynamicContent, weather } from './test-fixtures';

function renderContent(type: string, settings: DynamicContentSettings | null = null, diagnostics = true) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <DynamicContent type={type} settings={settings} diagnostics={diagnostics} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

afterEach(() => {
  vi.useRealTimers();
});

/** The element at `index`, failing the test when there is none. */
function nth(list: HTMLElement[], index: number): HTMLElement {
  const element = list[index];
  if (!element) throw new Error(`no element ${index} among ${list.length}`);
  return element;
}

describe('DynamicContent: states', () => {
  it('shows a spinner while loading', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { handler } = onDynamicContent(async () => {
      await answered;
      return json(answer('weather', weather));
    });
    server.use(handler);
    renderContent('weather');

    expect(screen.getByRole('status')).toHaveTextContent('Loading dynamic content...');
    release();
    expect(await screen.findByRole('heading', { name: 'New York' })).toBeInTheDocument();
    expect(screen.queryByText('Loading dynamic content...')).not.toBeInTheDocument();
  });

  it('on a failed call with nothing fetched: a red warning with the error, Using fallback data, and the local sample', async () => {
    const { handler } = onDynamicContent(() =>
      json({ error: 'Location contains characters that are not allowed' }, 400),
    );
    server.use(handler);
    renderContent('weather', { location: 'Chicago' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Location contains characters that are not allowed');
    expect(alert).toHaveTextContent('Using fallback data');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // The local sample stands in as a whole card: the slide's location, today's date and a 5-day forecast.
    expect(screen.getByRole('heading', { name: 'Chicago' })).toBeInTheDocument();
    expect(screen.getByText('Partly cloudy')).toBeInTheDocument();
    expect(screen.getByText(format(new Date(), 'EEEE, MMMM d'))).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '5-Day Forecast' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('on a network failure: the client error text and the local sample news', async () => {
    const { handler } = onDynamicContent(() => HttpResponse.error());
    server.use(handler);
    renderContent('news');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send a request to the Edge Function');
    expect(alert).toHaveTextContent('Using fallback data');
    expect(screen.getByText('Local businesses welcome visitors this season')).toBeInTheDocument();
  });

  it('on a 500 without an error text: An error occurred', async () => {
    const { handler } = onDynamicContent(() => new HttpResponse('boom', { status: 500 }));
    server.use(handler);
    renderContent('sports');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred');
    expect(alert).toHaveTextContent('Using fallback data');
    expect(screen.getByRole('heading', { name: 'Live Sports' })).toBeInTheDocument();
  });

  it('an answer with sample data gets a small notice with the error text, and no warning', async () => {
    const { handler } = onDynamicContent(() =>
      json(answer('weather', weather, { fallback: true, error: 'Failed to fetch weather data' })),
    );
    server.use(handler);
    renderContent('weather');

    await screen.findByRole('heading', { name: 'New York' });
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Showing sample data');
    expect(notice).toHaveTextContent('Failed to fetch weather data');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('live data has no notice', async () => {
    const { handler } = onDynamicContent(() => json(answer('weather', weather)));
    server.use(handler);
    renderContent('weather');

    expect(await screen.findByRole('heading', { name: 'New York' })).toBeInTheDocument();
    expect(screen.queryByText('Showing sample data')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sample-badge')).not.toBeInTheDocument();
  });

  it('on a wall (no diagnostics): a failed call with nothing kept shows nothing, never the local sample', async () => {
    resetAvailability();
    const { handler } = onDynamicContent(() => HttpResponse.error());
    server.use(handler);
    const { container } = renderContent('news', null, false);

    const key = dynamicRequestKey('news', null);
    await waitFor(() => expect(isUnavailable(key)).toBe(true));
    expect(screen.queryByText('Local businesses welcome visitors this season')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('');
  });

  it('on a wall (no diagnostics): a sample answer is never shown; the live data kept before is, with its time', async () => {
    resetAvailability();
    const { handler } = onDynamicContent(() =>
      json(answer('weather', weather, { fallback: true, error: 'Failed to fetch weather data' })),
    );
    server.use(handler);
    const first = renderContent('weather', null, false);
    await waitFor(() => expect(isUnavailable(dynamicRequestKey('weather', null))).toBe(true));
    expect(screen.queryByRole('heading', { name: 'New York' })).not.toBeInTheDocument();
    first.unmount();

    resetAvailability();
    const fetchedAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    keepLiveData(
      dynamicRequestKey('weather', null),
      answer('weather', { ...weather, location: 'Oslo' }, { updatedAt: fetchedAt }),
    );
    renderContent('weather', null, false);
    const view = await screen.findByRole('region', { name: 'Weather' });
    expect(within(view).getByRole('heading', { name: 'Oslo' })).toBeInTheDocument();
    const time = new Date(fetchedAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(view).toHaveTextContent(`Updated ${time}`);
    expect(document.body).not.toHaveTextContent(/sample data|Failed/i);
    expect(isUnavailable(dynamicRequestKey('weather', null))).toBe(false);
  });

  it('in a preview: sample data is badged as such, live data is not', async () => {
    const { handler } = onDynamicContent(() => json(answer('weather', weather, { fallback: true })));
    server.use(handler);
    renderContent('weather');
    expect(await screen.findByTestId('sample-badge')).toHaveTextContent('Sample data');
  });

  it('on a public screen (no diagnostics): an unknown type shows nothing', () => {
    const { container } = renderContent('business_info', null, false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('');
  });

  it('an unknown type says so without calling the function', () => {
    renderContent('business_info');
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown content type');
  });

  it('sends only the parameters of its type', async () => {
    const { handler, bodies } = onDynamicContent((body) =>
      json(body.type === 'weather' ? answer('weather', weather) : answer('news', [article(1)])),
    );
    server.use(handler);
    renderContent('weather', { location: '  Boston ', category: 'business', refresh_interval: 120 });
    await screen.findByRole('heading', { name: 'New York' });
    renderContent('news', { location: 'Boston', category: 'technology' });
    await screen.findByRole('heading', { name: 'Technology News' });

    expect(bodies).toEqual([
      { type: 'weather', location: 'Boston' },
      { type: 'news', category: 'technology' },
    ]);
  });
});

describe('DynamicContent: refreshing', () => {
  /** Moves the clock on by each step and checks how many requests have been made by then. */
  async function expectRequests(settings: DynamicContentSettings, steps: [ms: number, requests: number][]) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { handler, bodies } = onDynamicContent(() => json(answer('sports', [game(1)])));
    server.use(handler);
    renderContent('sports', settings);
    await settle(() => expect(screen.getByText('Home 1')).toBeInTheDocument());
    expect(bodies).toHaveLength(1);
    for (const [ms, requests] of steps) {
      await advance(ms);
      // A refetch too early would show up as one request too many here or at the next step.
      await settle(() => expect(bodies).toHaveLength(requests));
    }
  }

  it('fetches again at the slide’s refresh interval', async () => {
    await expectRequests({ refresh_interval: 120 }, [
      [119_000, 1],
      [1000, 2],
      [120_000, 3],
    ]);
  });

  it('uses 300 seconds when the interval is missing', async () => {
    await expectRequests({}, [
      [299_000, 1],
      [1000, 2],
    ]);
  });

  it('never refreshes more often than every 60 seconds', async () => {
    await expectRequests({ refresh_interval: 5 }, [
      [59_000, 1],
      [1000, 2],
    ]);
  });

  it('never waits longer than an hour', async () => {
    await expectRequests({ refresh_interval: 99_999 }, [
      [3_599_000, 1],
      [1000, 2],
    ]);
  });

  it('keeps the data on screen when a refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let calls = 0;
    const { handler } = onDynamicContent(() => {
      calls += 1;
      return calls === 1 ? json(answer('sports', [game(1)])) : json({ error: 'down' }, 500);
    });
    server.use(handler);
    renderContent('sports', { refresh_interval: 60 });
    await settle(() => expect(screen.getByText('Home 1')).toBeInTheDocument());
    await advance(60_000);
    await settle(() => expect(calls).toBe(2));
    expect(screen.getByText('Home 1')).toBeInTheDocument();
    expect(screen.queryByText('Using fallback data')).not.toBeInTheDocument();
  });
});

describe('DynamicContent: weather', () => {
  async function renderWeather(data: Partial<typeof weather>, hour = 12) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, hour, 30));
    const { handler } = onDynamicContent(() => json(answer('weather', { ...weather, ...data })));
    server.use(handler);
    renderContent('weather');
    return await screen.findByRole('region', { name: 'Weather' });
  }

  it('shows the location, date, update time, temperature, condition, humidity, wind and icon', async () => {
    const view = await renderWeather({});
    expect(within(view).getByRole('heading', { name: 'New York' })).toBeInTheDocument();
    expect(view).toHaveTextContent('Sunday, November 22');
    const updated = new Date('2026-11-22T14:05:00Z').toLocaleTimeString('en-US', {
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(view).toHaveTextContent(`Updated ${updated}`);
    expect(within(view).getByText('72°')).toBeInTheDocument();
    expect(within(view).getByText('Clear sky')).toBeInTheDocument();
    expect(within(view).getByText('Humidity').nextSibling).toHaveTextContent('65%');
    expect(within(view).getByText('Wind').nextSibling).toHaveTextContent('9 mph');
    expect(within(view).getByRole('img', { name: 'Clear sky' })).toHaveClass('lucide-sun');
  });

  it('says Unknown when the condition is missing, and shows a cloud for an unknown icon code', async () => {
    const view = await renderWeather({ condition: '', icon: '99x' });
    expect(within(view).getByText('Unknown')).toBeInTheDocument();
    expect(within(view).getByRole('img', { name: 'Clouds' })).toHaveClass('lucide-cloud');
  });

  it('shows a 5-day forecast strip: date, icon and temperature, five days at most', async () => {
    const view = await renderWeather({});
    const strip = within(view).getByRole('region', { name: '5-Day Forecast' });
    expect(within(strip).getByRole('heading', { name: '5-Day Forecast' })).toBeInTheDocument();
    const days = within(strip).getAllByRole('listitem');
    expect(days).toHaveLength(5);
    expect(days.map((day) => day.textContent)).toEqual(['Mon70°', 'Tue65°', 'Wed60°', 'Thu58°', 'Fri62°']);
    expect(within(nth(days, 1)).getByRole('img', { name: 'Light rain' })).toHaveClass('lucide-cloud-sun-rain');
    expect(within(nth(days, 2)).getByRole('img', { name: 'Snow' })).toHaveClass('lucide-snowflake');
  });

  it('has no forecast strip without a forecast', async () => {
    const view = await renderWeather({ forecast: [] });
    expect(within(view).queryByText('5-Day Forecast')).not.toBeInTheDocument();
  });

  it.each([
    ['Light rain', 'rain'],
    ['Shower drizzle', 'rain'],
    ['Snow', 'snow'],
    ['Overcast clouds', 'cloud'],
    ['Thunderstorm with rain', 'storm'],
    ['Fog', 'fog'],
    ['Mist', 'fog'],
    ['Haze', 'haze'],
    ['Smoke', 'haze'],
    ['Dust', 'dust'],
    ['Sand', 'dust'],
    ['Clear sky', 'clear-day'],
  ])('paints %s with the %s background', async (condition, background) => {
    const view = await renderWeather({ condition });
    expect(view).toHaveAttribute('data-background', background);
    expect(view).toHaveClass('weather-bg', `weather-bg-${background}`);
  });

  it.each([
    [5, 'clear-night'],
    [6, 'clear-day'],
    [18, 'clear-day'],
    [19, 'clear-night'],
    [0, 'clear-night'],
  ])('a clear sky at %i:30 is %s', async (hour, background) => {
    const view = await renderWeather({ condition: 'Clear sky' }, hour);
    expect(view).toHaveAttribute('data-background', background);
  });
});

describe('DynamicContent: news', () => {
  it.each([
    [undefined, 'Breaking News'],
    ['general', 'Breaking News'],
    ['business', 'Business News'],
    ['technology', 'Technology News'],
    ['health', 'Health News'],
  ])('category %s has the header %s', async (category, header) => {
    const { handler } = onDynamicContent(() => json(answer('news', [article(1)])));
    server.use(handler);
    renderContent('news', { category });
    expect(await screen.findByRole('heading', { name: header })).toBeInTheDocument();
  });

  it('features the first article with its image, source, date, title and description', async () => {
    const { handler } = onDynamicContent(() => json(answer('news', [article(1), article(2)])));
    server.use(handler);
    renderContent('news');
    const featured = await screen.findByRole('article', { name: 'Featured article' });
    expect(featured).toHaveAttribute('data-image', 'https://images.example/1.jpg');
    expect(featured.style.backgroundImage).toContain('https://images.example/1.jpg');
    expect(featured).toHaveTextContent('Source 1');
    expect(featured).toHaveTextContent('Nov 22, 2026');
    expect(within(featured).getByRole('heading', { name: 'Headline 1' })).toBeInTheDocument();
    expect(featured).toHaveTextContent('Description 1');
  });

  it('falls back to Unknown Source, Recent and No title available', async () => {
    const bare = article(1, { source: '', publishedAt: '', title: '', imageUrl: null, description: '' });
    const { handler } = onDynamicContent(() => json(answer('news', [bare])));
    server.use(handler);
    renderContent('news');
    const featured = await screen.findByRole('article', { name: 'Featured article' });
    expect(featured).toHaveTextContent('Unknown Source');
    expect(featured).toHaveTextContent('Recent');
    expect(within(featured).getByRole('heading', { name: 'No title available' })).toBeInTheDocument();
    expect(featured).not.toHaveAttribute('data-image');
  });

  it('says so when there are no articles', async () => {
    const { handler } = onDynamicContent(() => json(answer('news', [])));
    server.use(handler);
    renderContent('news');
    expect(await screen.findByText('No news available')).toBeInTheDocument();
  });
});

describe('DynamicContent: sports', () => {
  async function renderGames(games: ReturnType<typeof game>[]) {
    const { handler } = onDynamicContent(() => json(answer('sports', games)));
    server.use(handler);
    renderContent('sports');
    await screen.findByRole('heading', { name: 'Live Sports' });
    return screen.queryAllByRole('listitem', { name: 'Game' });
  }

  it('shows at most 5 games', async () => {
    const games = await renderGames([1, 2, 3, 4, 5, 6, 7].map((n) => game(n)));
    expect(games).toHaveLength(5);
    expect(screen.queryByText('Home 6')).not.toBeInTheDocument();
  });

  it('shows league, status badge by status, teams and scores', async () => {
    const games = await renderGames([
      game(1, { status: 'live' }),
      game(2, { status: 'final' }),
      game(3, { status: 'scheduled', score: null }),
      game(4, { status: 'other' }),
    ]);
    const [live, final, scheduled, other] = [0, 1, 2, 3].map((index) => nth(games, index)) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(live).getByText('Live')).toHaveClass('bg-danger-50');
    expect(within(final).getByText('Final')).toHaveClass('bg-gray-100');
    expect(within(scheduled).getByText('Scheduled')).toHaveClass('bg-brand-100');
    expect(within(other).getByText('Other')).toHaveClass('bg-brand-100');

    expect(live).toHaveTextContent('NFL');
    expect(within(live).getByText('Away 1')).toBeInTheDocument();
    expect(within(live).getByText('Home 1')).toBeInTheDocument();
    expect(within(live).getByLabelText('Away score')).toHaveTextContent('2');
    expect(within(live).getByLabelText('Home score')).toHaveTextContent('1');
    expect(within(scheduled).queryByLabelText('Home score')).not.toBeInTheDocument();
  });

  it('falls back to Unknown League, Away Team and Home Team', async () => {
    const bare = nth(await renderGames([game(1, { league: '', teams: { home: '', away: '' }, score: null })]), 0);
    expect(bare).toHaveTextContent('Unknown League');
    expect(within(bare).getByText('Away Team')).toBeInTheDocument();
    expect(within(bare).getByText('Home Team')).toBeInTheDocument();
  });

  it('footer: the time of a scheduled game, otherwise the event or Game details unavailable', async () => {
    const games = await renderGames([
      game(1, { status: 'scheduled', time: '2026-11-22T18:00:00Z', event: 'Jets at Giants' }),
      game(2, { status: 'scheduled', time: '', event: 'Bears at Lions' }),
      game(3, { status: 'final', event: 'Bills at Dolphins' }),
      game(4, { status: 'live', event: '' }),
    ]);
    const [scheduled, scheduledNoTime, finished, unknown] = [0, 1, 2, 3].map((index) => nth(games, index)) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const kickoff = new Date('2026-11-22T18:00:00Z').toLocaleTimeString('en-US', {
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(scheduled).toHaveTextContent(kickoff);
    expect(scheduled).not.toHaveTextContent('Jets at Giants');
    expect(scheduledNoTime).toHaveTextContent('Bears at Lions');
    expect(finished).toHaveTextContent('Bills at Dolphins');
    expect(unknown).toHaveTextContent('Game details unavailable');
  });

  it('says so when there are no games', async () => {
    const games = await renderGames([]);
    expect(games).toHaveLength(0);
    expect(screen.getByText('No games right now')).toBeInTheDocument();
  });
});

describe('DynamicContent in the venue’s language and time zone', () => {
  it('shows a weather slide in Spanish, with the date and update time of the venue’s clock', async () => {
    await i18n.changeLanguage('es');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T23:30:00Z'));
    server.use(onDynamicContent(() => json(answer('weather', weather))).handler);
    const queryClient = createQueryClient({ queries: { retry: false } });
    render(
      <QueryClientProvider client={queryClient}>
        <DynamicContent type="weather" timeZone="Europe/Madrid" />
      </QueryClientProvider>,
    );
    const view = await screen.findByRole('region', { name: 'Tiempo' });
    // 23:30 UTC is already Monday in Madrid; the data was fetched at 14:05 UTC, 15:05 there.
    expect(view).toHaveTextContent('lunes, 23 de noviembre');
    expect(view).toHaveTextContent('Actualizado a las 15:05');
    expect(within(view).getByText('Humedad')).toBeInTheDocument();
    expect(within(view).getByText('Cielo despejado')).toBeInTheDocument();
  });
});
