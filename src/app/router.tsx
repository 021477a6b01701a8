import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';
import { createRoutes } from './routes';

const router = createBrowserRouter(createRoutes(queryClient));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
