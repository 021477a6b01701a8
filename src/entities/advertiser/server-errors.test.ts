import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { localizedReadError, serverFailure, serverText } from './server-errors';

describe('server texts about advertisers', () => {
  it('reads our own refusals in the current language, and English exactly as the server wrote them', async () => {
    expect(serverText('You can read only your own statements.')).toBe('You can read only your own statements.');
    await i18n.changeLanguage('de');
    expect(serverText('You can read only your own statements.')).toBe(
      'Sie können nur Ihre eigenen Abrechnungen lesen.',
    );
    expect(serverFailure('Fallback', { message: 'Advertiser not found' }).message).toBe(
      'Werbetreibender nicht gefunden',
    );
  });

  it('passes other texts through, and says the fallback when the server said nothing', () => {
    expect(serverText('duplicate key value violates unique constraint "x"')).toBe(
      'duplicate key value violates unique constraint "x"',
    );
    expect(serverFailure('Failed to add ad', {}).message).toBe('Failed to add ad');
  });

  it('keeps the code of a read error it words anew, and leaves unknown ones as they were', async () => {
    await i18n.changeLanguage('es');
    const original = { message: 'Only the team and advertisers can read delivery.', code: '42501' };
    const localized = localizedReadError(original) as Error & { code: string };
    expect(localized.message).toBe('Solo el equipo y los anunciantes pueden consultar la entrega.');
    expect(localized.code).toBe('42501');
    const unknown = { message: 'network down' };
    expect(localizedReadError(unknown)).toBe(unknown);
  });
});
