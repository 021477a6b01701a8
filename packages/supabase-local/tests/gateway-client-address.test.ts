// The address a request comes from, as every service behind the gateway sees it: the
// connection's own, whatever forwarding headers the client sends. The gateway rewrites
// X-Forwarded-For and X-Real-IP to name that address alone and drops CF-Connecting-IP,
// True-Client-IP, X-Client-IP and Forwarded (supabase/local/http/client-address.ts).
import { describe, expect, it } from 'vitest';
import { fetchFrom, loopbackAddress } from 'supabase-local/testing';
import { ANON_KEY, STACK_URL } from 'supabase-local/testing/vitest';

const SPOOFED = {
  'X-Forwarded-For': '198.51.100.7, 10.0.0.1',
  'X-Real-IP': '198.51.100.8',
  'CF-Connecting-IP': '198.51.100.9',
  'True-Client-IP': '198.51.100.10',
  Forwarded: 'for=198.51.100.11',
};

describe('gateway: the client address', () => {
  it('is what an edge function sees, whatever the client claims', async () => {
    const me = loopbackAddress();
    const r = await fetchFrom(me)(`${STACK_URL}/functions/v1/echo`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json', ...SPOOFED },
      body: '{}',
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ forwardedFor: me, realIp: me, cfConnectingIp: null });
  });

  it('is what PostgREST hands the database in request.headers', async () => {
    const me = loopbackAddress();
    const r = await fetchFrom(me)(`${STACK_URL}/rest/v1/rpc/test_request_forwarding`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json', ...SPOOFED },
      body: '{}',
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ 'x-forwarded-for': me, 'x-real-ip': me, 'cf-connecting-ip': null });
  });

  it('differs between two clients and stays one per client', async () => {
    const [a, b] = [loopbackAddress(), loopbackAddress()];
    const seen = async (from: string, claim: string) => {
      const r = await fetchFrom(from)(`${STACK_URL}/functions/v1/echo`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'X-Forwarded-For': claim },
        body: '',
      });
      return ((await r.json()) as { realIp: string }).realIp;
    };
    expect(await seen(a, b)).toBe(a);
    expect(await seen(b, a)).toBe(b);
  });
});
