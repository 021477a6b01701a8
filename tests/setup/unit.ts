import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { i18n } from '@/i18n';
import { server } from './msw-server';
import { resetRealtime } from './realtime-mock';
import { TIMEOUT_SCALE } from '../timeout-scale';

// findBy… and waitFor wait up to 10 s (Testing Library's default is 1 s): in npm test these
// tests share two cores with the stack and end-to-end lanes, where a debounced check (400 ms),
// its answer and the render after it took more than 3 s on a slower two-core machine (load
// 17). What they wait for is unchanged; only a slow machine gets more time. (expect.poll
// likewise: vitest.config.ts.) A whole npm test stretches them (tests/timeout-scale.ts).
configure({ asyncUtilTimeout: 10_000 * TIMEOUT_SCALE });

// jsdom has no layout, and no ResizeObserver; Radix primitives (Switch) and charts ask for
// one. Sizes never change in jsdom, so an observer that never fires is faithful.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Listening before the test file's imports: the app's Supabase client picks its WebSocket
// class when it is created (on import), and must get msw's, so Realtime is mocked too.
server.listen({ onUnhandledRequest: 'error' });
afterEach(async () => {
  cleanup();
  // Files share one module graph: a test that switched language gives English back.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  server.resetHandlers();
  resetRealtime();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
