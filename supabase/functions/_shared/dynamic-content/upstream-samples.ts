// Answers shaped like the real upstream services', for tests and the benchmark's fake upstream.

/** OpenWeatherMap /data/2.5/weather (imperial). */
export function owmCurrent(name = 'New York', temp = 71.6): Record<string, unknown> {
  return {
    coord: { lon: -74.006, lat: 40.7143 },
    weather: [{ id: 803, main: 'Clouds', description: 'broken clouds', icon: '04d' }],
    main: { temp, feels_like: temp - 1, temp_min: temp - 3, temp_max: temp + 2, pressure: 1016, humidity: 64 },
    wind: { speed: 10.36, deg: 220 },
    dt: 1_779_422_400,
    sys: { country: 'US' },
    name,
    cod: 200,
  };
}

/** OpenWeatherMap /data/2.5/forecast: 40 entries, every 3 hours; entry i has temp 50 + i and icon `${i}`. */
export function owmForecast(entries = 40): Record<string, unknown> {
  const start = 1_779_429_600;
  return {
    cod: '200',
    cnt: entries,
    list: Array.from({ length: entries }, (_, i) => ({
      dt: start + i * 3 * 3600,
      main: { temp: 50 + i + 0.4, humidity: 60 },
      weather: [
        { id: 500, main: i % 2 === 0 ? 'Rain' : 'Clear', description: 'x', icon: `${String(i).padStart(2, '0')}d` },
      ],
      dt_txt: new Date((start + i * 3 * 3600) * 1000).toISOString().replace('T', ' ').slice(0, 19),
    })),
    city: { name: 'New York', country: 'US' },
  };
}

/** NewsAPI: `count` articles, the second one removed by the publisher. */
export function newsApiArticles(count = 15): Record<string, unknown> {
  return {
    status: 'ok',
    totalResults: count,
    articles: Array.from({ length: count }, (_, i) =>
      i === 1
        ? {
            source: { id: null, name: '[Removed]' },
            title: '[Removed]',
            description: '[Removed]',
            url: 'https://removed.com',
          }
        : {
            source: { id: null, name: `Source ${i}` },
            author: 'Reporter',
            title: `Headline ${i}`,
            description: `Description ${i}`,
            url: `https://news.example/${i}`,
            urlToImage: i % 3 === 0 ? null : `https://img.example/${i}.jpg`,
            publishedAt: `2026-11-2${i % 10}T10:00:00Z`,
            content: '...',
          },
    ),
  };
}

function espnEvent(i: number, state: string, completed: boolean, name = 'STATUS'): Record<string, unknown> {
  return {
    id: String(400 + i),
    date: `2026-11-22T18:${String(i).padStart(2, '0')}Z`,
    name: `Away ${i} at Home ${i}`,
    shortName: `A${i} @ H${i}`,
    competitions: [
      {
        competitors: [
          { homeAway: 'home', score: String(20 + i), team: { displayName: `Home ${i}` } },
          { homeAway: 'away', score: String(10 + i), team: { displayName: `Away ${i}` } },
        ],
      },
    ],
    status: { type: { name, state, completed, detail: 'x', shortDetail: 'x' } },
  };
}

/** ESPN scoreboard: 12 events cycling through live, final, scheduled and postponed. */
export function espnScoreboard(count = 12): Record<string, unknown> {
  const states: [string, boolean, string][] = [
    ['in', false, 'STATUS_IN_PROGRESS'],
    ['post', true, 'STATUS_FINAL'],
    ['pre', false, 'STATUS_SCHEDULED'],
    ['post', false, 'STATUS_POSTPONED'],
  ];
  return {
    leagues: [{ name: 'National Football League', abbreviation: 'NFL' }],
    events: Array.from({ length: count }, (_, i) => espnEvent(i, ...states[i % 4]!)),
  };
}

/** ESPN standings: two conferences of 8 teams. */
export function espnStandings(): Record<string, unknown> {
  return {
    name: 'National Football League',
    abbreviation: 'NFL',
    children: ['AFC', 'NFC'].map((conf) => ({
      name: `${conf}`,
      standings: {
        entries: Array.from({ length: 8 }, (_, i) => ({
          team: { displayName: `${conf} Team ${i}` },
          stats: [
            { name: 'wins', value: 10 - i },
            { name: 'losses', value: i },
            { name: 'overall', type: 'total', displayValue: `${10 - i}-${i}` },
          ],
        })),
      },
    })),
  };
}
