import { Droplets, MapPin, Wind } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import type { WeatherData } from '@/lib/dynamic-content';
import { cn } from '@/utils/cn';
import { formatDate, formatMoment, LONG_DAY, TIME, WEEKDAY } from './format';
import { weatherBackground, weatherBackgroundClass } from './weather-background';
import { WeatherIcon, weatherIcon } from './weather-icon';

const FORECAST_DAYS = 5;

const degrees = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? `${Math.round(value)}°` : '--°';
const whole = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : '--');

export interface WeatherViewProps {
  data: Partial<WeatherData>;
  /** When the data was fetched (ISO), shown as 'Updated h:mm AM'. */
  updatedAt: string | null;
  /** The current time: the date line and night or day. */
  now: Date;
  /** The venue's time zone (IANA): the date line and the update time are its clock's. */
  timeZone?: string | null;
}

/**
 * A weather slide. Every size is a share of the box's width (cqw, no minimum), so a small
 * preview is the screen scaled down and shows all of it, forecast row included.
 */
export function WeatherView({ data, updatedAt, now, timeZone }: WeatherViewProps) {
  const { t } = useTranslation('slides');
  // The service words its conditions in English; another language names the icon's sky.
  const condition =
    (currentLocale() !== 'en' && data.icon ? weatherIcon(data.icon).label : data.condition?.trim()) ||
    t('weather.unknown');
  const background = weatherBackground(data.condition, now);
  const forecast = Array.isArray(data.forecast) ? data.forecast.slice(0, FORECAST_DAYS) : [];
  return (
    <section
      aria-label={t('weather.region')}
      data-background={background}
      className={cn(
        weatherBackgroundClass(background),
        'flex size-full flex-col justify-between gap-[1.5cqw] p-[3cqw] leading-snug text-white',
      )}
    >
      <header className="flex items-start justify-between gap-[2cqw]">
        <div className="min-w-0">
          <h2 className="flex items-center gap-[1cqw] text-[3.5cqw] leading-tight font-semibold">
            <MapPin aria-hidden className="size-[1em] shrink-0" />
            <span className="truncate">{data.location?.trim() || t('weather.unknown')}</span>
          </h2>
          <p className="text-[1.8cqw] opacity-90">{formatMoment(now, LONG_DAY, timeZone)}</p>
        </div>
        <p className="shrink-0 text-[1.5cqw] opacity-80">
          {t('weather.updated', { time: formatDate(updatedAt, TIME, formatMoment(now, TIME, timeZone), timeZone) })}
        </p>
      </header>

      <div className="flex items-center justify-between gap-[3cqw]">
        <div className="flex items-center gap-[3cqw]">
          <WeatherIcon code={data.icon} className="size-[12cqw] drop-shadow" />
          <div>
            <p className="text-[11cqw] leading-none font-bold tracking-tight">{degrees(data.temperature)}</p>
            <p className="mt-[1cqw] text-[3cqw] capitalize">{condition}</p>
          </div>
        </div>
        <dl className="space-y-[1.5cqw] text-[2cqw]">
          <div className="flex items-center gap-[1cqw]">
            <Droplets aria-hidden className="size-[1.2em]" />
            <dt>{t('weather.humidity')}</dt>
            <dd className="font-semibold">{whole(data.humidity)}%</dd>
          </div>
          <div className="flex items-center gap-[1cqw]">
            <Wind aria-hidden className="size-[1.2em]" />
            <dt>{t('weather.wind')}</dt>
            <dd className="font-semibold">{t('weather.windSpeed', { speed: whole(data.windSpeed) })}</dd>
          </div>
        </dl>
      </div>

      {forecast.length > 0 && (
        <section aria-label={t('weather.forecast')}>
          <h3 className="mb-[1cqw] text-[1.8cqw] font-semibold opacity-90">{t('weather.forecast')}</h3>
          <ol className="grid grid-cols-5 gap-[1.5cqw]">
            {forecast.map((day, index) => (
              <li
                key={`${day.date}-${index}`}
                className="flex flex-col items-center gap-[0.6cqw] rounded-[1cqw] bg-white/15 p-[1cqw] leading-tight backdrop-blur-sm"
              >
                <span className="text-[1.5cqw]">{formatDate(day.date, WEEKDAY, day.date || '—', timeZone)}</span>
                <WeatherIcon code={day.icon} label={(currentLocale() === 'en' && day.condition?.trim()) || undefined} className="size-[4cqw]" />
                <span className="text-[2.2cqw] font-semibold">{degrees(day.temp)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}
