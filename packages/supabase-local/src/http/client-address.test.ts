import { describe, expect, it } from 'vitest';
import { applyClientAddress, resolveClientAddress, trustedProxies } from './client-address.ts';

describe('resolveClientAddress', () => {
  const none = trustedProxies([]);
  const proxies = trustedProxies(['10.0.0.0/8', '127.0.0.9', '::1']);

  it('is the peer, whatever X-Forwarded-For says, when no proxy is trusted', () => {
    expect(resolveClientAddress('127.4.5.6', '198.51.100.1', none)).toBe('127.4.5.6');
    expect(resolveClientAddress('::ffff:127.4.5.6', undefined, none)).toBe('127.4.5.6');
  });

  it('is the peer when the peer is not a trusted proxy, even if the header names one', () => {
    expect(resolveClientAddress('192.0.2.7', '198.51.100.1, 10.0.0.5', proxies)).toBe('192.0.2.7');
  });

  it('behind trusted proxies, is the rightmost entry that is not one of them', () => {
    expect(resolveClientAddress('127.0.0.9', '198.51.100.1, 192.0.2.8', proxies)).toBe('192.0.2.8');
    expect(resolveClientAddress('10.1.1.1', '198.51.100.1, 192.0.2.8, 10.2.2.2', proxies)).toBe('192.0.2.8');
    expect(resolveClientAddress('::1', ['198.51.100.1', '2001:db8::5'], proxies)).toBe('2001:db8::5');
  });

  it('falls back to the peer when the proxy added nothing usable', () => {
    expect(resolveClientAddress('127.0.0.9', undefined, proxies)).toBe('127.0.0.9');
    expect(resolveClientAddress('127.0.0.9', '10.0.0.1, 10.0.0.2', proxies)).toBe('127.0.0.9');
    expect(resolveClientAddress('127.0.0.9', '198.51.100.1, not-an-address', proxies)).toBe('127.0.0.9');
  });

  it('refuses a trusted-proxy entry that is not an address or range', () => {
    expect(() => trustedProxies(['example.com'])).toThrow(/not an IP address/);
    expect(() => trustedProxies(['10.0.0.0/33'])).toThrow(/prefix/);
  });
});

describe('applyClientAddress', () => {
  it('leaves one address in X-Forwarded-For and X-Real-IP and drops the client-chosen headers', () => {
    const headers: Record<string, string | string[] | undefined> = {
      'x-forwarded-for': '198.51.100.1, 10.0.0.1',
      'x-real-ip': '198.51.100.2',
      'cf-connecting-ip': '198.51.100.3',
      'true-client-ip': '198.51.100.4',
      forwarded: 'for=198.51.100.5',
      accept: 'application/json',
    };
    applyClientAddress(headers, '127.4.5.6');
    expect(headers).toEqual({ 'x-forwarded-for': '127.4.5.6', 'x-real-ip': '127.4.5.6', accept: 'application/json' });
  });
});
