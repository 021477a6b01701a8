import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { REFRESH_INTERVAL } from '@/lib/dynamic-content';

// Long lines wrap rather than scroll, so every line is readable without a scroll a keyboard cannot reach.
const codeBlock =
  'rounded-md bg-gray-900 px-4 py-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-gray-100';

/** How to use dynamic content in a campaign and how to connect the data services. */
export function TestDynamicGuide() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Implementation Guide</CardTitle>
        <CardDescription>Put dynamic content on screens and connect the live data services.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="guide-add" className="space-y-2 text-sm text-gray-700">
          <h3 id="guide-add" className="font-semibold text-gray-900">
            Add to Campaign
          </h3>
          <ol className="list-decimal space-y-1 pl-5">
            <li>Open Campaigns and choose Builder on the campaign.</li>
            <li>Click Add Slide and set the slide type to Weather, News or Sports.</li>
            <li>Weather: enter the location. News: choose a category. Sports needs no settings.</li>
            <li>
              Set the refresh interval ({REFRESH_INTERVAL.min} to {REFRESH_INTERVAL.max} seconds;{' '}
              {REFRESH_INTERVAL.default} by default).
            </li>
            <li>Click Save Slide, then Save Campaign. Screens show it on their next refresh.</li>
          </ol>
        </section>

        <section aria-labelledby="guide-env" className="space-y-2 text-sm text-gray-700">
          <h3 id="guide-env" className="font-semibold text-gray-900">
            Environment Variables
          </h3>
          <p>
            The keys are secrets of the <code>dynamic-content</code> function, never of the web app. Locally, put them
            in <code>supabase/functions/.env</code>:
          </p>
          <pre className={codeBlock}>{'WEATHER_API_KEY=your-weather-key\nNEWS_API_KEY=your-news-key'}</pre>
          <p>On a hosted project:</p>
          <pre className={codeBlock}>
            {'supabase secrets set WEATHER_API_KEY=your-weather-key NEWS_API_KEY=your-news-key'}
          </pre>
          <p>Without a key, the built-in sample data is shown.</p>
        </section>

        <section aria-labelledby="guide-api" className="space-y-2 text-sm text-gray-700">
          <h3 id="guide-api" className="font-semibold text-gray-900">
            API Setup Guide
          </h3>
          <dl className="space-y-3">
            <div>
              <dt className="font-medium text-gray-900">Weather (OpenWeatherMap)</dt>
              <dd>Create a free account and an API key, then set WEATHER_API_KEY. Free tier: 1,000 calls/day.</dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">News (NewsAPI)</dt>
              <dd>Register for a free API key, then set NEWS_API_KEY. Free tier: 1,000 requests/day.</dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">Sports (ESPN scoreboard)</dt>
              <dd>No key needed. Free tier: unlimited.</dd>
            </div>
          </dl>
          <p className="text-xs text-gray-500">
            Answers are cached for 5 minutes and shared by every screen, so the number of calls depends on the number of
            distinct locations and categories, not on the number of screens.
          </p>
        </section>
      </CardContent>
    </Card>
  );
}
