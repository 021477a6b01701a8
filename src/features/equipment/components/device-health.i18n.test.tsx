import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { LiveStatusBadge } from '@/entities/device/live-status-badge';
import { DeviceHealthFigures } from './device-health';

const GB = 1024 ** 3;

/** The figure a health term (dt) shows, as a person reads it. */
const figure = (list: HTMLElement, term: string) =>
  within(list).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('a screen’s health in another language', () => {
  it('reads its state, figures, sizes and durations in German, numbers in German form', async () => {
    await i18n.changeLanguage('de');
    render(
      <DeviceHealthFigures
        device={{
          clock_offset_ms: 0,
          device_health: {
            storage_used: 8.5 * GB,
            storage_quota: 10 * GB,
            cached_media_count: 1,
            cached_media_bytes: 1.5 * 1024 ** 2,
            uptime_s: 3 * 3600 + 12 * 60,
            restarts_last_hour: 0,
          },
        }}
      />,
    );
    // 15 % free is under the 20 % that needs attention.
    expect(screen.getByText('Braucht Aufmerksamkeit')).toBeInTheDocument();
    expect(screen.getByText('15 % Speicher frei')).toBeInTheDocument();
    const figures = screen.getByLabelText('Zustandswerte');
    expect(figure(figures, 'Speicher')).toBe('8,5 GB von 10 GB (85 %)');
    expect(figure(figures, 'Zwischengespeicherte Medien')).toBe('1 Datei, 1,5 MB');
    expect(figure(figures, 'Seite geöffnet seit')).toBe('3 Std. 12 Min.');
    expect(figure(figures, 'Uhr')).toBe('genau');
  });

  it('names a screen’s live state in Spanish', async () => {
    await i18n.changeLanguage('es');
    render(
      <>
        <LiveStatusBadge status="offline" />
        <LiveStatusBadge status="revoked" />
      </>,
    );
    expect(screen.getByText('Desconectada')).toBeInTheDocument();
    expect(screen.getByText('Revocada')).toBeInTheDocument();
  });
});
