import { describe, expect, it } from 'vitest';
import { takesSessionFromUrl } from './supabase';

const at = (href: string) => {
  const url = new URL(href);
  const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(url.hash.slice(1))]);
  return takesSessionFromUrl(url, params);
};

describe('takesSessionFromUrl', () => {
  it('takes a sign-in link’s tokens or error, as supabase-js would', () => {
    expect(at('http://app.test/auth/callback#access_token=a&refresh_token=r&type=magiclink')).toBe(true);
    expect(at('http://app.test/auth/callback#error=access_denied&error_description=Expired')).toBe(true);
  });

  it('leaves every other page alone, so the session kept on the device is used', () => {
    expect(at('http://app.test/dashboard')).toBe(false);
    expect(at('http://app.test/home?page=2')).toBe(false);
  });

  it('leaves the reset page’s tokens to the reset page', () => {
    expect(at('http://app.test/auth/reset-password#access_token=a&refresh_token=r&type=recovery')).toBe(false);
    expect(at('http://app.test/auth/reset-password/?access_token=a&refresh_token=r')).toBe(false);
  });
});
