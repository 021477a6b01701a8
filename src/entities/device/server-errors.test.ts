import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { deviceFailure, deviceServerMessage } from './server-errors';

const overbooked = {
  code: 'PT409',
  message:
    'Front window at Corner Cafe would be overbooked on Sat 05 Dec 2026 from 09:00: 320 s of its 300 s loop booked.',
  details: JSON.stringify({ day: '2026-12-05', time: '09:00', booked_seconds: 320, loop_seconds: 300 }),
};

describe('the database’s refusals about screens', () => {
  it('are the server’s own words in English', () => {
    expect(deviceServerMessage(overbooked)).toBe(overbooked.message);
    expect(deviceFailure('The screen could not be paired', {}).message).toBe('The screen could not be paired');
  });

  it('are read from the catalogue in Spanish and German, names and figures kept', async () => {
    await i18n.changeLanguage('es');
    expect(deviceServerMessage({ message: 'This pairing code is not valid or has expired.' })).toBe(
      'Este código de vinculación no es válido o ha caducado.',
    );
    await i18n.changeLanguage('de');
    expect(deviceServerMessage(overbooked)).toBe(
      'Front window bei Corner Cafe wäre am Sa., 05. Dez. 2026 ab 09:00 überbucht: 320 s seiner 300-s-Schleife gebucht.',
    );
    // A message our SQL does not raise shows as the server wrote it.
    expect(deviceServerMessage({ message: 'connection reset' })).toBe('connection reset');
  });
});
