import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AdminSignInRoute } from '@/features/auth/routes/admin-sign-in';
import { DashboardRoute } from '@/features/dashboard/routes/dashboard';
import { HomeRedirect, RequireSession } from './routes/require-session';
import { RouteError } from './routes/route-error';

/** The app's route tree, shared by the browser router and tests' memory routers. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, element: <HomeRedirect /> },
      { path: paths.admin.signIn.path, element: <AdminSignInRoute /> },
      {
        element: <RequireSession />,
        children: [{ path: paths.dashboard.root.path, element: <DashboardRoute /> }],
      },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
];
