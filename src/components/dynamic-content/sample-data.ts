// A minimal stand-in shown when the dynamic-content call itself fails (network down,
// function unreachable or refusing the request). When the function answers, its own
// built-in sample data (fallback: true) is shown instead of this.
import { addDays, format } from 'date-fns';
import type { DynamicContentDataMap, DynamicContentSettings, DynamicContentType } from '@/lib/dynamic-content';

export const LOCAL_SAMPLE_DATA: DynamicContentDataMap = {
  weather: {
    location: 'New York',
    temperature: 68,
    condition: 'Partly cloudy',
    icon: '02d',
    humidity: 60,
    windSpeed: 8,
    forecast: [],
  },
  news: [
    {
      title: 'Local businesses welcome visitors this season',
      description: 'Shops and cafes across the city report a busy start to the season.',
      url: '',
      imageUrl: null,
      publishedAt: '',
      source: 'Sample News',
      category: 'general',
    },
  ],
  sports: [
    {
      event: 'Sample game',
      teams: { home: 'Home Team', away: 'Away Team' },
      score: null,
      status: 'scheduled',
      time: '',
      league: 'NFL',
    },
  ],
};

const SAMPLE_FORECAST = [
  { temp: 70, condition: 'Clear', icon: '01d' },
  { temp: 66, condition: 'Clouds', icon: '03d' },
  { temp: 61, condition: 'Rain', icon: '10d' },
  { temp: 64, condition: 'Partly cloudy', icon: '02d' },
  { temp: 69, condition: 'Clear', icon: '01d' },
];

/**
 * The stand-in for `type`, as a whole card: the weather for the slide's own location, with a
 * five-day forecast from tomorrow (`now`), so a fallback looks like the real thing.
 */
export function localSampleData<T extends DynamicContentType>(
  type: T,
  settings: DynamicContentSettings | null = null,
  now: Date = new Date(),
): DynamicContentDataMap[T] {
  if (type !== 'weather') return LOCAL_SAMPLE_DATA[type];
  const weather: DynamicContentDataMap['weather'] = {
    ...LOCAL_SAMPLE_DATA.weather,
    location: settings?.location?.trim() || LOCAL_SAMPLE_DATA.weather.location,
    forecast: SAMPLE_FORECAST.map((day, i) => ({ ...day, date: format(addDays(now, i + 1), 'yyyy-MM-dd') })),
  };
  return weather as DynamicContentDataMap[T];
}
