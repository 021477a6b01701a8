import {
  Cloud,
  CloudLightning,
  CloudFog,
  CloudMoon,
  CloudMoonRain,
  CloudRain,
  CloudSun,
  CloudSunRain,
  Cloudy,
  Moon,
  Snowflake,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { cn } from '@/utils/cn';

export interface WeatherIconInfo {
  Icon: LucideIcon;
  /** What the icon shows, for assistive technology. */
  label: string;
}

type Sky =
  | 'clouds'
  | 'clearNight'
  | 'clearSky'
  | 'partlyCloudyNight'
  | 'partlyCloudy'
  | 'brokenClouds'
  | 'showers'
  | 'rainAtNight'
  | 'rain'
  | 'thunderstorm'
  | 'snow'
  | 'mist';

/** The icon and its description in the screens' language, read when asked. */
const sky = (Icon: LucideIcon, name: Sky): WeatherIconInfo => ({ Icon, label: translate(`slides:weather.sky.${name}`) });

/**
 * The icon for a weather service icon code (two digits and d/n for day or night):
 * 01 clear (sun or moon), 02 partly cloudy, 03 clouds, 04 broken clouds, 09 showers,
 * 10 rain, 11 storm, 13 snow, 50 mist. Unknown or missing codes show a cloud.
 */
export function weatherIcon(code: string | null | undefined): WeatherIconInfo {
  const match = /^(\d{2})([dn])?$/.exec(code?.trim().toLowerCase() ?? '');
  if (!match) return sky(Cloud, 'clouds');
  const night = match[2] === 'n';
  switch (match[1]) {
    case '01':
      return night ? sky(Moon, 'clearNight') : sky(Sun, 'clearSky');
    case '02':
      return night ? sky(CloudMoon, 'partlyCloudyNight') : sky(CloudSun, 'partlyCloudy');
    case '03':
      return sky(Cloud, 'clouds');
    case '04':
      return sky(Cloudy, 'brokenClouds');
    case '09':
      return sky(CloudRain, 'showers');
    case '10':
      return night ? sky(CloudMoonRain, 'rainAtNight') : sky(CloudSunRain, 'rain');
    case '11':
      return sky(CloudLightning, 'thunderstorm');
    case '13':
      return sky(Snowflake, 'snow');
    case '50':
      return sky(CloudFog, 'mist');
    default:
      return sky(Cloud, 'clouds');
  }
}

export interface WeatherIconProps {
  code: string | null | undefined;
  className?: string;
  /** Overrides the icon's own description (e.g. with the condition text). */
  label?: string;
}

export function WeatherIcon({ code, className, label }: WeatherIconProps) {
  // Drawn again in a new language.
  useTranslation('slides');
  const { Icon, label: iconLabel } = weatherIcon(code);
  return <Icon role="img" aria-label={label ?? iconLabel} className={cn('shrink-0', className)} />;
}
