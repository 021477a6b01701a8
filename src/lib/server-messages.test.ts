import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { localizeServerMessage } from './server-messages';
import { failureWithDetail } from './write-errors';

afterEach(() => i18n.changeLanguage('en'));

describe('localizeServerMessage', () => {
  it('leaves the database’s English as the specification words it', () => {
    expect(localizeServerMessage('Choose at least one screen.')).toBe('Choose at least one screen.');
  });

  it('tells a known message in Spanish and German, with the values the database put in', async () => {
    await i18n.changeLanguage('es');
    expect(localizeServerMessage('Slide duration must be between 5 and 300 seconds (got 400).')).toBe(
      'La duración de la diapositiva debe estar entre 5 y 300 segundos (se indicó 400).',
    );
    await i18n.changeLanguage('de');
    expect(localizeServerMessage('Screen "Lobby" was revoked: pair it again before sending it commands.')).toBe(
      'Bildschirm „Lobby“ wurde widerrufen: Koppeln Sie ihn erneut, bevor Sie ihm Befehle senden.',
    );
  });

  it('prefers the most specific message, and translates a known message inside another', async () => {
    await i18n.changeLanguage('de');
    expect(localizeServerMessage('Campaign "Spring": A scheduled campaign needs a start date.')).toBe(
      'Kampagne „Spring“: Eine geplante Kampagne braucht ein Startdatum.',
    );
    expect(localizeServerMessage('Campaign "Spring" cannot be deleted: it has plays')).toBe(
      'Kampagne „Spring“ kann nicht gelöscht werden: it has plays',
    );
  });

  it('shows an unknown message as the server wrote it', async () => {
    await i18n.changeLanguage('es');
    expect(localizeServerMessage('duplicate key value violates unique constraint "x"')).toBe(
      'duplicate key value violates unique constraint "x"',
    );
  });

  it('is what a failed write shows', async () => {
    await i18n.changeLanguage('es');
    expect(failureWithDetail('No se pudo guardar', { message: 'Choose at least one alert.' }).message).toBe(
      'No se pudo guardar: Elija al menos una alerta.',
    );
  });
});
