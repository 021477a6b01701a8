// A minimal stand-in shown when the dynamic-content call itself fails (network down,
// function unreachable or refusing the request). When the function answers, its own
// built-in sample data (fallback: true) is shown instead of this.
import type { DynamicContentDataMap, DynamicContentType } from '@/lib/dynamic-content';

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

export function localSampleData<T extends DynamicContentType>(type: T): DynamicContentDataMap[T] {
  return LOCAL_SAMPLE_DATA[type];
}
