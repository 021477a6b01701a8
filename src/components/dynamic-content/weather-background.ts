// The weather view's background by condition text and time of day. The gradients and
// their animations are named classes defined once in weather-backgrounds.css.
import './weather-backgrounds.css';

export const WEATHER_BACKGROUNDS = [
  'storm',
  'rain',
  'snow',
  'fog',
  'haze',
  'dust',
  'cloud',
  'clear-day',
  'clear-night',
] as const;

export type WeatherBackground = (typeof WEATHER_BACKGROUNDS)[number];

/** Night is before 6 or after 18 hours (local time). */
export function isNight(now: Date): boolean {
  const hour = now.getHours();
  return hour < 6 || hour > 18;
}

/**
 * The background for a condition such as 'Light rain' or 'Clear': storms first (a
 * thunderstorm with rain is a storm), then rain, snow, fog/mist, haze/smoke, dust/sand
 * and clouds; anything else is clear, by day or by night.
 */
export function weatherBackground(condition: string | null | undefined, now: Date): WeatherBackground {
  const text = condition?.toLowerCase() ?? '';
  if (/storm|thunder/.test(text)) return 'storm';
  if (/rain|drizzle|shower/.test(text)) return 'rain';
  if (/snow|sleet/.test(text)) return 'snow';
  if (/fog|mist/.test(text)) return 'fog';
  if (/haze|smoke/.test(text)) return 'haze';
  if (/dust|sand/.test(text)) return 'dust';
  if (/cloud|overcast/.test(text)) return 'cloud';
  return isNight(now) ? 'clear-night' : 'clear-day';
}

/** The class that paints a background (see weather-backgrounds.css). */
export const weatherBackgroundClass = (background: WeatherBackground) => `weather-bg weather-bg-${background}`;
