import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, article, game, json, onDynamicContent, weather } from '@/components/dynamic-content/test-fixtures';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { typeAtOnce } from '@tests/setup/typing';
import { TestDynamicRoute } from './test-dynamic';

function renderPage() {
  const requests = onDynamicContent((body) => {
    if (body.type === 'weather') {
      return json(
        answer(
          'weather',
          { ...weather, location: typeof body.location === 'string' ? body.location : 'New York' },
          { fallback: true, error: 'Failed to fetch weather data' },
        ),
      );
    }
    if (body.type === 'news') {
      return json(answer('news', [article(1)], { fallback: true, error: 'Failed to fetch news data' }));
    }
    return json(answer('sports', [game(1)], { fallback: true, error: 'Failed to fetch sports data' }));
  });
  server.use(requests.handler);
  const rendered = renderRoutes([{ path: '/dashboard/campaigns/test-dynamic', element: <TestDynamicRoute /> }], {
    url: '/dashboard/campaigns/test-dynamic',
  });
  return { ...rendered, bodies: requests.bodies };
}

const preview = () => screen.getByRole('region', { name: 'Dynamic content preview' });

describe('Dynamic Content Test page', () => {
  it('has its title, subtitle, defaults and the implementation guide', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dynamic Content Test' })).toBeInTheDocument();
    expect(screen.getByText('Test and preview dynamic content for your digital signage campaigns')).toBeInTheDocument();

    expect(screen.getByLabelText('Content Type')).toHaveValue('weather');
    expect(screen.getByLabelText('Location')).toHaveValue('New York');
    expect(screen.getByLabelText('Location')).toHaveAttribute('placeholder', 'Enter city name');
    expect(screen.getByLabelText('News Category')).toHaveValue('general');
    expect(screen.getByLabelText('Refresh Interval (seconds)')).toHaveValue(300);
    expect(
      within(screen.getByLabelText('Content Type'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['weather', 'news', 'sports']);
    expect(
      within(screen.getByLabelText('News Category'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual([
      'general',
      'business',
      'technology',
      'sports',
      'entertainment',
      'health',
      'science',
      'politics',
      'world',
    ]);

    expect(screen.getByRole('heading', { name: 'Implementation Guide' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add to Campaign' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Environment Variables' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'API Setup Guide' })).toBeInTheDocument();
    expect(screen.getByText(/Free tier: 1,000 calls\/day/)).toBeInTheDocument();
    expect(screen.getByText(/Free tier: 1,000 requests\/day/)).toBeInTheDocument();
    expect(screen.getByText(/Free tier: unlimited/)).toBeInTheDocument();
    expect(screen.getAllByText(/WEATHER_API_KEY=/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/NEWS_API_KEY=/).length).toBeGreaterThan(0);
    expect(screen.getByText(/supabase secrets set/)).toBeInTheDocument();

    expect(await within(preview()).findByRole('heading', { name: 'New York' })).toBeInTheDocument();
    expect(within(preview()).getByRole('status')).toHaveTextContent('Showing sample data');
  });

  it('passes the location to the preview only for weather and the category only for news', async () => {
    const { user, bodies } = renderPage();
    await within(preview()).findByRole('heading', { name: 'New York' });
    expect(bodies).toEqual([{ type: 'weather', location: 'New York' }]);

    await user.selectOptions(screen.getByLabelText('News Category'), 'technology');
    await user.selectOptions(screen.getByLabelText('Content Type'), 'news');
    expect(await within(preview()).findByRole('heading', { name: 'Technology News' })).toBeInTheDocument();
    expect(within(preview()).getByRole('status')).toHaveTextContent('Failed to fetch news data');

    await user.selectOptions(screen.getByLabelText('Content Type'), 'sports');
    expect(await within(preview()).findByRole('heading', { name: 'Live Sports' })).toBeInTheDocument();
    expect(within(preview()).getByText('Home 1')).toBeInTheDocument();

    expect(bodies).toEqual([
      { type: 'weather', location: 'New York' },
      { type: 'news', category: 'technology' },
      { type: 'sports' },
    ]);
  });

  it('asks for a new location once typing stops', async () => {
    const { user, bodies } = renderPage();
    await within(preview()).findByRole('heading', { name: 'New York' });
    await user.clear(screen.getByLabelText('Location'));
    await typeAtOnce(screen.getByLabelText('Location'), 'Chicago');
    expect(await within(preview()).findByRole('heading', { name: 'Chicago' })).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ type: 'weather', location: 'Chicago' });
    // Not one request per keystroke.
    expect(bodies.length).toBeLessThanOrEqual(3);
  });

  it('checks the refresh interval and shows it in the notes', async () => {
    const { user } = renderPage();
    const interval = screen.getByLabelText('Refresh Interval (seconds)');
    expect(screen.getByText(/refreshes every 300 seconds/)).toBeInTheDocument();
    await user.clear(interval);
    await user.type(interval, '30');
    expect(await screen.findByText('Refresh interval must be between 60 and 3600 seconds')).toBeInTheDocument();
    expect(interval).toHaveAccessibleDescription(/Refresh interval must be between 60 and 3600 seconds/);
    expect(screen.getByText(/refreshes every 60 seconds/)).toBeInTheDocument();
    await user.clear(interval);
    await user.type(interval, '900');
    expect(await screen.findByText(/refreshes every 900 seconds/)).toBeInTheDocument();
    expect(screen.queryByText('Refresh interval must be between 60 and 3600 seconds')).not.toBeInTheDocument();
  });

  it('does not send a location the form refuses: one message, at the field', async () => {
    const { user, bodies } = renderPage();
    await within(preview()).findByRole('heading', { name: 'New York' });
    await user.clear(screen.getByLabelText('Location'));
    await user.type(screen.getByLabelText('Location'), 'Paris <script>');
    expect(
      await screen.findByText('Use only letters, digits, spaces, commas, periods, hyphens and apostrophes'),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(bodies).toEqual([{ type: 'weather', location: 'New York' }]);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(within(preview()).getByText('The preview shows again once the configuration is valid.')).toBeInTheDocument();
  });
});
