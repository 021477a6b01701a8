import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeatherIcon, weatherIcon } from './weather-icon';

describe('weather icons by code', () => {
  it.each([
    ['01d', 'lucide-sun', 'Clear sky'],
    ['01n', 'lucide-moon', 'Clear night'],
    ['02d', 'lucide-cloud-sun', 'Partly cloudy'],
    ['02n', 'lucide-cloud-moon', 'Partly cloudy night'],
    ['03d', 'lucide-cloud', 'Clouds'],
    ['03n', 'lucide-cloud', 'Clouds'],
    ['04d', 'lucide-cloudy', 'Broken clouds'],
    ['04n', 'lucide-cloudy', 'Broken clouds'],
    ['09d', 'lucide-cloud-rain', 'Showers'],
    ['09n', 'lucide-cloud-rain', 'Showers'],
    ['10d', 'lucide-cloud-sun-rain', 'Rain'],
    ['10n', 'lucide-cloud-moon-rain', 'Rain at night'],
    ['11d', 'lucide-cloud-lightning', 'Thunderstorm'],
    ['11n', 'lucide-cloud-lightning', 'Thunderstorm'],
    ['13d', 'lucide-snowflake', 'Snow'],
    ['13n', 'lucide-snowflake', 'Snow'],
    ['50d', 'lucide-cloud-fog', 'Mist'],
    ['50n', 'lucide-cloud-fog', 'Mist'],
    ['01', 'lucide-sun', 'Clear sky'],
  ])('%s shows %s', (code, iconClass, label) => {
    render(<WeatherIcon code={code} />);
    const icon = screen.getByRole('img', { name: label });
    expect(icon).toHaveClass(iconClass);
    expect(weatherIcon(code).label).toBe(label);
  });

  it.each([['99d'], ['05n'], ['sunny'], [''], [null], [undefined]])('unknown code %s shows a cloud', (code) => {
    render(<WeatherIcon code={code} />);
    expect(screen.getByRole('img', { name: 'Clouds' })).toHaveClass('lucide-cloud');
  });

  it('takes a label such as the condition text', () => {
    render(<WeatherIcon code="10d" label="Light rain" />);
    expect(screen.getByRole('img', { name: 'Light rain' })).toHaveClass('lucide-cloud-sun-rain');
  });
});
