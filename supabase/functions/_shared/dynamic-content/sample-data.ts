// Built-in content shown when a service cannot be reached (product spec §8):
// realistic New York weather, recent-looking headlines and a set of games.
// Dates are computed from the current time so the sample never looks old.
import type { NewsArticle, NewsCategory, SportsEvent, WeatherData } from '../contracts/dynamic-content.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export function sampleWeather(location: string, now: Date): WeatherData {
  const conditions: [string, string, number][] = [
    ['Clouds', '03d', 64],
    ['Clear', '01d', 68],
    ['Rain', '10d', 59],
    ['Clouds', '04d', 61],
    ['Clear', '01d', 66],
  ];
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  return {
    location,
    temperature: 62,
    condition: 'Clouds',
    icon: '02d',
    humidity: 58,
    windSpeed: 9,
    forecast: conditions.map(([condition, icon, temp], i) => ({
      date: new Date(noon + (i + 1) * DAY_MS).toISOString(),
      temp,
      condition,
      icon,
    })),
  };
}

const ARTICLES: Omit<NewsArticle, 'publishedAt' | 'category'>[] = [
  {
    title: 'City Unveils Expanded Weekend Ferry Service Along the East River',
    description: 'New routes and later departures aim to ease crowding on subway lines during the busy summer season.',
    url: 'https://example.com/news/ferry-service-expansion',
    imageUrl: 'https://images.unsplash.com/photo-1500916434205-0c77489c6cf7?w=1200',
    source: 'Metro Daily',
  },
  {
    title: 'Local Small Businesses Report Strongest Quarter Since 2019',
    description:
      'Retailers and restaurants credit foot traffic from new neighborhood events and extended evening hours.',
    url: 'https://example.com/news/small-business-quarter',
    imageUrl: 'https://images.unsplash.com/photo-1441986300917-64674bd600d8?w=1200',
    source: 'Business Wire Today',
  },
  {
    title: 'Researchers Develop Battery That Charges in Under Ten Minutes',
    description: 'The prototype cell keeps 90 percent of its capacity after 2,000 charge cycles, the team says.',
    url: 'https://example.com/news/fast-charging-battery',
    imageUrl: 'https://images.unsplash.com/photo-1518770660439-4636190af475?w=1200',
    source: 'Tech Journal',
  },
  {
    title: 'Parks Department Opens Three New Public Courts in Brooklyn',
    description: 'The basketball and pickleball courts are free to use and lit until 11 p.m. every day.',
    url: 'https://example.com/news/new-public-courts',
    imageUrl: 'https://images.unsplash.com/photo-1546519638-68e109498ffc?w=1200',
    source: 'Borough Report',
  },
  {
    title: 'Farmers Market Season Kicks Off With Record Number of Vendors',
    description: 'More than 120 growers and bakers will sell at markets across the five boroughs this year.',
    url: 'https://example.com/news/farmers-market-season',
    imageUrl: 'https://images.unsplash.com/photo-1488459716781-31db52582fe9?w=1200',
    source: 'Community News',
  },
  {
    title: 'Museum Extends Hours for Popular Modern Art Exhibition',
    description: 'Visitors can now tour the exhibition on Friday and Saturday evenings through the end of the season.',
    url: 'https://example.com/news/museum-extended-hours',
    imageUrl: 'https://images.unsplash.com/photo-1536924940846-227afb31e2a5?w=1200',
    source: 'Arts & Culture Weekly',
  },
];

export function sampleNews(category: NewsCategory | string, now: Date): NewsArticle[] {
  return ARTICLES.map((a, i) => ({
    ...a,
    publishedAt: new Date(now.getTime() - (i + 1) * HOUR_MS).toISOString(),
    category,
  }));
}

export function sampleSports(league: string, now: Date): SportsEvent[] {
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR_MS).toISOString();
  return [
    {
      event: 'Buffalo Bills at New York Jets',
      teams: { home: 'New York Jets', away: 'Buffalo Bills' },
      score: { home: 17, away: 14 },
      status: 'live',
      time: at(-2),
      league,
    },
    {
      event: 'Dallas Cowboys at New York Giants',
      teams: { home: 'New York Giants', away: 'Dallas Cowboys' },
      score: { home: 24, away: 27 },
      status: 'final',
      time: at(-26),
      league,
    },
    {
      event: 'Kansas City Chiefs at Philadelphia Eagles',
      teams: { home: 'Philadelphia Eagles', away: 'Kansas City Chiefs' },
      score: { home: 31, away: 20 },
      status: 'final',
      time: at(-28),
      league,
    },
    {
      event: 'Green Bay Packers at Chicago Bears',
      teams: { home: 'Chicago Bears', away: 'Green Bay Packers' },
      score: { home: null, away: null },
      status: 'scheduled',
      time: at(5),
      league,
    },
    {
      event: 'San Francisco 49ers at Seattle Seahawks',
      teams: { home: 'Seattle Seahawks', away: 'San Francisco 49ers' },
      score: { home: null, away: null },
      status: 'scheduled',
      time: at(8),
      league,
    },
    {
      event: 'Miami Dolphins at New England Patriots',
      teams: { home: 'New England Patriots', away: 'Miami Dolphins' },
      score: { home: null, away: null },
      status: 'scheduled',
      time: at(29),
      league,
    },
  ];
}
