import { describe, expect, it } from 'vitest';
import { takesSessionFromUrl } from './supabase';

describe('takesSessionFromUrl', () => {
  it('lets supabase-js read sign-in links anywhere but on the reset page, which reads its own tokens', () => {
    expect(takesSessionFromUrl(new URL('http://app.test/auth/callback#access_token=a&type=magiclink'))).toBe(true);
    expect(takesSessionFromUrl(new URL('http://app.test/home?code=abc'))).toBe(true);
    expect(takesSessionFromUrl(new URL('http://app.test/auth/reset-password#access_token=a&type=recovery'))).toBe(false);
    expect(takesSessionFromUrl(new URL('http://app.test/auth/reset-password/?access_token=a'))).toBe(false);
  });
});
