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
import { cn } from '@/utils/cn';

export interface WeatherIconInfo {
  Icon: LucideIcon;
  /** What the icon shows, for assistive technology. */
  label: string;
}

const CLOUDS: WeatherIconInfo = { Icon: Cloud, label: 'Clouds' };

/**
 * The icon for a weather service icon code (two digits and d/n for day or night):
 * 01 clear (sun or moon), 02 partly cloudy, 03 clouds, 04 broken clouds, 09 showers,
 * 10 rain, 11 storm, 13 snow, 50 mist. Unknown or missing codes show a cloud.
 */
export function weatherIcon(code: string | null | undefined): WeatherIconInfo {
  const match = /^(\d{2})([dn])?$/.exec(code?.trim().toLowerCase() ?? '');
  if (!match) return CLOUDS;
  const night = match[2] === 'n';
  switch (match[1]) {
    case '01':
      return night ? { Icon: Moon, label: 'Clear night' } : { Icon: Sun, label: 'Clear sky' };
    case '02':
      return night ? { Icon: CloudMoon, label: 'Partly cloudy night' } : { Icon: CloudSun, label: 'Partly cloudy' };
    case '03':
      return CLOUDS;
    case '04':
      return { Icon: Cloudy, label: 'Broken clouds' };
    case '09':
      return { Icon: CloudRain, label: 'Showers' };
    case '10':
      return night ? { Icon: CloudMoonRain, label: 'Rain at night' } : { Icon: CloudSunRain, label: 'Rain' };
    case '11':
      return { Icon: CloudLightning, label: 'Thunderstorm' };
    case '13':
      return { Icon: Snowflake, label: 'Snow' };
    case '50':
      return { Icon: CloudFog, label: 'Mist' };
    default:
      return CLOUDS;
  }
}

export interface WeatherIconProps {
  code: string | null | undefined;
  className?: string;
  /** Overrides the icon's own description (e.g. with the condition text). */
  label?: string;
}

export function WeatherIcon({ code, className, label }: WeatherIconProps) {
  const { Icon, label: iconLabel } = weatherIcon(code);
  return <Icon role="img" aria-label={label ?? iconLabel} className={cn('shrink-0', className)} />;
}
