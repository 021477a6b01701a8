// Renders routes the way the app does (providers, a data router), but with a
// memory router at a chosen URL and a fresh QueryClient that never retries.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

export interface RenderRoutesOptions {
  /** The URL the router starts at (default '/'). */
  url?: string;
}

/** `routes` may be a route tree, or a function of the test's QueryClient that makes one (as the app's createRoutes). */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  { url = '/' }: RenderRoutesOptions = {},
) {
  const user = userEvent.setup();
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const tree = typeof routes === 'function' ? routes(queryClient) : routes;
  const router = createMemoryRouter(tree, { initialEntries: [url] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, user, router, queryClient };
}
