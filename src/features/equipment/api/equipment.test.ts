import { describe, expect, it } from 'vitest';
import { deviceState, isRevoked, nowPlaying, revokedText, type Device } from './equipment';

const now = new Date('2026-03-01T12:00:00Z');

function device(overrides: Partial<Device> = {}): Device {
  return {
    id: 'e1',
    customer_id: 'c1',
    device_name: 'Front window',
    location: null,
    status: 'online',
    live_status: 'online',
    heartbeat_stale: false,
    is_active: true,
    last_heartbeat: '2026-03-01T11:59:30Z',
    last_content_update: null,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    customer_name: 'Corner Cafe',
    customer_location: null,
    customer_contact_phone: null,
    orientation: 'landscape',
    paired_at: '2026-02-01T10:00:00Z',
    paired: true,
    current_campaign_id: 'ca1',
    current_campaign_name: 'Cafe Daily Specials',
    current_slide_id: 's1',
    current_slide_title: 'Morning latte',
    app_version: null,
    resolution: null,
    diagnostics: null,
    revoked_at: null,
    loop_seconds: 300,
    clock_offset_ms: null,
    device_health: null,
    ...overrides,
  };
}

describe('a device card’s state', () => {
  it('is the live status of a screen that is not revoked', () => {
    expect(deviceState(device())).toBe('online');
    expect(deviceState(device({ live_status: 'offline', heartbeat_stale: true }))).toBe('offline');
    expect(deviceState(device({ live_status: 'error' }))).toBe('error');
    expect(deviceState(device({ live_status: null }))).toBe('offline');
    expect(isRevoked(device())).toBe(false);
  });

  it('is revoked once an admin revoked the screen, whatever the live status says', () => {
    const revoked = { revoked_at: '2026-03-01T11:55:00Z', paired: false };
    expect(deviceState(device({ ...revoked, live_status: 'offline' }))).toBe('revoked');
    // A row read in the moment before the revoke's own update landed still says revoked.
    expect(deviceState(device({ ...revoked, live_status: 'online' }))).toBe('revoked');
    expect(isRevoked(device(revoked))).toBe(true);
  });

  it('names what plays now, never for a revoked screen', () => {
    expect(nowPlaying(device())).toBe('Cafe Daily Specials · Morning latte');
    expect(nowPlaying(device({ current_slide_title: null }))).toBe('Cafe Daily Specials');
    expect(nowPlaying(device({ current_campaign_name: null }))).toBeNull();
    expect(nowPlaying(device({ revoked_at: '2026-03-01T11:55:00Z' }))).toBeNull();
  });

  it('says since when a screen is revoked', () => {
    expect(revokedText('2026-03-01T11:59:40Z', now)).toBe('Revoked just now: off the air until it is paired again.');
    expect(revokedText('2026-03-01T11:55:00Z', now)).toBe('Revoked 5 min ago: off the air until it is paired again.');
  });
});
