import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { server } from './msw-server';
import { resetRealtime } from './realtime-mock';

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
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetRealtime();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
