// A wall whose access token ran out during an outage renews it as soon as the network is back,
// not a minute later: supabase-js answers every caller with its last failed renewal for 60 s
// (a cooldown against storms while the network is out); renewSessionNow goes past it.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import {
  authUrl,
  fakeUser,
  keepExpiredSession,
  renewedSession,
  sessionFor,
  STORAGE_KEY,
} from '@tests/setup/supabase-mocks';
import { renewSessionNow, supabase } from './supabase';

afterEach(() => {
  vi.useRealTimers();
});

describe('renewSessionNow', () => {
  it('renews an expired session at once when the network is back, past supabase-js’s cooldown, and tells the app', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = fakeUser();
    keepExpiredSession(user, 'kept-token');
    let network = false;
    const sent: string[] = [];
    server.use(
      http.post(authUrl('/token'), async ({ request }) => {
        sent.push(((await request.json()) as { refresh_token: string }).refresh_token);
        if (!network) {
          // Each failed try takes supabase-js's whole 30 s of retries at once.
          vi.setSystemTime(Date.now() + 31_000);
          return HttpResponse.error();
        }
        return HttpResponse.json(renewedSession(user, 'renewed-token'));
      }),
      // supabase-js reads the user of a session it is handed.
      http.get(authUrl('/user'), () => HttpResponse.json(user)),
    );

    // The outage: the renewal fails, and supabase-js keeps that failure for its cooldown.
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    expect(sent).toEqual(['kept-token']);
    network = true;
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    expect(sent).toEqual(['kept-token']);

    const refreshed = new Promise<string | undefined>((resolve) => {
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        if (event !== 'SIGNED_IN' || session?.refresh_token !== 'renewed-token') return;
        data.subscription.unsubscribe();
        resolve(session?.refresh_token);
      });
    });
    expect(await renewSessionNow()).toBe(true);
    expect(sent).toEqual(['kept-token', 'kept-token']);
    // The app's client has it (its listeners and Realtime hear of it) and uses it.
    expect(await refreshed).toBe('renewed-token');
    expect((await supabase.auth.getSession()).data.session?.refresh_token).toBe('renewed-token');
    expect(sent).toHaveLength(2);
  });

  it('sends a refresh token to Auth once, though supabase-js is still retrying its own renewal with it', async () => {
    const user = fakeUser();
    keepExpiredSession(user, 'retried-token');
    let network = false;
    let failures = 0;
    const sent: string[] = [];
    const asked: string[] = [];
    const signedOut = vi.fn();
    const { data: listener } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT') signedOut();
    });
    server.use(
      http.post(authUrl('/token'), async ({ request }) => {
        if (!network) {
          failures++;
          return HttpResponse.error();
        }
        const token = ((await request.json()) as { refresh_token: string }).refresh_token;
        asked.push(token);
        // Auth rotates refresh tokens: one used before is refused.
        if (sent.includes(token))
          return HttpResponse.json(
            { code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' },
            { status: 400 },
          );
        sent.push(token);
        return HttpResponse.json(renewedSession(user, `renewed-${sent.length}`));
      }),
      http.get(authUrl('/user'), () => HttpResponse.json(user)),
    );
    // Offline: supabase-js renews, and waits longer between its tries (0.2, 0.4, 0.8, 1.6 s, …).
    const itsOwn = supabase.auth.getSession();
    await vi.waitFor(() => expect(failures).toBe(4), { timeout: 10_000 });
    network = true;
    expect(await renewSessionNow()).toBe(true);
    // supabase-js's next try, with the token the renewal used, gets the renewal's answer.
    await itsOwn;
    expect(asked).toEqual(['retried-token']);
    expect((await supabase.auth.getSession()).data.session?.refresh_token).toBe('renewed-1');
    expect(signedOut).not.toHaveBeenCalled();
    listener.subscription.unsubscribe();
  });

  it('asks nothing while the kept session is fresh, or when there is none', async () => {
    const sent: unknown[] = [];
    server.use(http.post(authUrl('/token'), () => void sent.push(1)));
    expect(await renewSessionNow()).toBe(false);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(sessionFor(fakeUser())));
    expect(await renewSessionNow()).toBe(false);
    expect(sent).toEqual([]);
  });
});
