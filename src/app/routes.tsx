import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AdminShell } from './admin-shell';
import { paths } from '@/config/paths';
import { prefetchAdvertisersList } from '@/features/advertisers/api/advertisers-list-reads';
import { prefetchCustomersList } from '@/features/customers/api/customers-list-reads';
import { prefetchEquipmentList } from '@/features/equipment/api/equipment-list-reads';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { userRoleQueryOptions } from '@/lib/auth';
import { tokenAal, verifiedTotpFactor } from '@/lib/second-factor';
import { freshKeptSession, keptSession } from '@/lib/supabase';
import type { BackOfficeArea } from '@/lib/route-access';
import { RequireArea, RequireRole, RoleRedirect, SignedOutOnly, teamStandingQueryOptions } from './routes/guards';
import { RouteError } from './routes/route-error';

const { dashboard, customer, auth, advertiser } = paths;

/**
 * A screen loaded when it is first visited: each feature's screens are their own chunk,
 * so the first page a person opens downloads only its own code (the kiosk player too).
 * A screen module that exports `prefetch` gets a loader that starts its first reads as
 * soon as the chunk is in, while the guards still read the role: on a device with a
 * session only, and without waiting for them (the screen shows its loading state).
 */
function screens(queryClient: QueryClient) {
  return function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
    return async () => {
      const module = await load();
      const { prefetch, boot } = module as { prefetch?: ScreenPrefetch; boot?: ScreenBoot };
      return {
        Component: pick(module),
        ...((prefetch || boot) && {
          loader: async ({ request }: { request: Request }) => {
            if (!keptSession()) return null;
            // What the device kept first (a wall's playlist and pictures: milliseconds, no
            // network), so the first render is the screen itself; then the reads.
            if (boot) await boot(queryClient).catch(() => undefined);
            prefetch?.(queryClient, new URL(request.url));
            return null;
          },
        }),
      };
    };
  };
}

/**
 * What a screen needs before its first render that the device keeps (a wall's playlist and its
 * pictures in Cache Storage): its loader waits for it. It never waits on the network.
 */
type ScreenBoot = (queryClient: QueryClient) => Promise<void>;

/**
 * What the team's guard decides on, asked as the router starts on a device with a usable
 * session: the role and, for a session without a verified code or factor, the team standing
 * (\`team_can('read')\`). Both go out at once, beside the screen's chunk and its first reads,
 * instead of the role after the first render and the standing after the role.
 */
function teamGuardReads(queryClient: QueryClient) {
  return () => {
    const session = freshKeptSession();
    if (session) {
      void queryClient.prefetchQuery(userRoleQueryOptions(session.user.id));
      const aal = tokenAal(session.access_token);
      if (aal !== 'aal2' && !verifiedTotpFactor(session.user)) {
        void queryClient.prefetchQuery(teamStandingQueryOptions(session.user.id, aal));
      }
    }
    return null;
  };
}

/**
 * A route's first reads known before its screen's code (the lists'): a loader on the route
 * itself, which the router runs beside the chunk's download on every visit, on a device with
 * a session. The screen module then exports no \`prefetch\` of its own.
 */
function reads(queryClient: QueryClient, prefetch: ScreenPrefetch): RouteObject['loader'] {
  return ({ request }) => {
    if (keptSession()) prefetch(queryClient, new URL(request.url));
    return null;
  };
}

/** A back-office route only members whose role may open `area` reach (the others go to the dashboard, told why). */
function only(area: BackOfficeArea, route: RouteObject): RouteObject {
  return { element: <RequireArea area={area} />, children: [route] };
}

/** The app's route tree, shared by the browser router and tests' memory routers. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const screen = screens(queryClient);
  return [
    {
      errorElement: <RouteError />,
      children: [
        { path: paths.home.path, element: <RoleRedirect /> },

        // Public: sign-in and password screens.
        {
          path: auth.callback.path,
          lazy: screen(
            () => import('@/features/auth/routes/auth-callback'),
            (m) => m.AuthCallbackRoute,
          ),
        },
        {
          path: auth.resetPassword.path,
          lazy: screen(
            () => import('@/features/auth/routes/reset-password'),
            (m) => m.ResetPasswordRoute,
          ),
        },
        {
          path: auth.forgotPassword.path,
          lazy: screen(
            () => import('@/features/auth/routes/forgot-password'),
            (m) => m.ForgotPasswordRoute,
          ),
        },
        {
          path: auth.setupPassword.path,
          lazy: screen(
            () => import('@/features/auth/routes/setup-password'),
            (m) => m.SetupPasswordRoute,
          ),
        },
        {
          element: <SignedOutOnly />,
          children: [
            {
              path: `${auth.signIn.path}/*`,
              lazy: screen(
                () => import('@/features/auth/routes/customer-sign-in'),
                (m) => m.CustomerSignInRoute,
              ),
            },
          ],
        },
        {
          path: paths.admin.signIn.path,
          lazy: screen(
            () => import('@/features/auth/routes/admin-sign-in'),
            (m) => m.AdminSignInRoute,
          ),
        },

        // A paired wall screen (or one showing its pairing code): no person's login needed.
        {
          path: paths.screen.path,
          lazy: screen(
            () => import('@/features/player/routes/screen'),
            (m) => m.ScreenRoute,
          ),
        },

        // The team (admin, operator, sales, viewer); each page for the roles that may open it.
        {
          element: <RequireRole allow="team" />,
          loader: teamGuardReads(queryClient),
          children: [
            // A printable page, without the admin shell around it.
            only('statements', {
              path: dashboard.advertisers.statement.path,
              lazy: screen(
                () => import('@/features/advertisers/routes/advertiser-statement-print'),
                (m) => m.AdvertiserStatementPrintRoute,
              ),
            }),
            {
              element: <AdminShell />,
              children: [
                {
                  path: dashboard.root.path,
                  lazy: screen(
                    () => import('@/features/dashboard/routes/dashboard'),
                    (m) => m.DashboardRoute,
                  ),
                },
                {
                  path: dashboard.customers.list.path,
                  loader: reads(queryClient, prefetchCustomersList),
                  lazy: screen(
                    () => import('@/features/customers/routes/customers-list'),
                    (m) => m.CustomersListRoute,
                  ),
                },
                {
                  path: dashboard.customers.add.path,
                  lazy: screen(
                    () => import('@/features/customers/routes/customer-add'),
                    (m) => m.CustomerAddRoute,
                  ),
                },
                {
                  path: dashboard.customers.edit.path,
                  lazy: screen(
                    () => import('@/features/customers/routes/customer-edit'),
                    (m) => m.CustomerEditRoute,
                  ),
                },
                {
                  path: dashboard.customers.view.path,
                  lazy: screen(
                    () => import('@/features/customers/routes/customer-view'),
                    (m) => m.CustomerViewRoute,
                  ),
                },
                {
                  path: dashboard.advertisers.list.path,
                  loader: reads(queryClient, prefetchAdvertisersList),
                  lazy: screen(
                    () => import('@/features/advertisers/routes/advertisers-list'),
                    (m) => m.AdvertisersListRoute,
                  ),
                },
                {
                  path: dashboard.advertisers.add.path,
                  lazy: screen(
                    () => import('@/features/advertisers/routes/advertiser-add'),
                    (m) => m.AdvertiserAddRoute,
                  ),
                },
                {
                  path: dashboard.advertisers.edit.path,
                  lazy: screen(
                    () => import('@/features/advertisers/routes/advertiser-edit'),
                    (m) => m.AdvertiserEditRoute,
                  ),
                },
                {
                  path: dashboard.advertisers.view.path,
                  lazy: screen(
                    () => import('@/features/advertisers/routes/advertiser-view'),
                    (m) => m.AdvertiserViewRoute,
                  ),
                },
                {
                  path: dashboard.campaigns.list.path,
                  lazy: screen(
                    () => import('@/features/campaigns/routes/campaigns-list'),
                    (m) => m.CampaignsListRoute,
                  ),
                },
                {
                  path: dashboard.campaigns.add.path,
                  lazy: screen(
                    () => import('@/features/campaigns/routes/campaign-add'),
                    (m) => m.CampaignAddRoute,
                  ),
                },
                {
                  path: dashboard.campaigns.edit.path,
                  lazy: screen(
                    () => import('@/features/campaigns/routes/campaign-edit'),
                    (m) => m.CampaignEditRoute,
                  ),
                },
                {
                  path: dashboard.campaigns.builder.path,
                  lazy: screen(
                    () => import('@/features/campaigns/routes/slide-builder'),
                    (m) => m.SlideBuilderRoute,
                  ),
                },
                {
                  path: dashboard.campaigns.testDynamic.path,
                  lazy: screen(
                    () => import('@/features/campaigns/routes/test-dynamic'),
                    (m) => m.TestDynamicRoute,
                  ),
                },
                {
                  path: dashboard.alerts.path,
                  lazy: screen(
                    () => import('@/features/alerts/routes/alerts-centre'),
                    (m) => m.AlertsCentreRoute,
                  ),
                },
                {
                  path: dashboard.reports.path,
                  lazy: screen(
                    () => import('@/features/reports/routes/reports'),
                    (m) => m.ReportsRoute,
                  ),
                },
                only('equipment', {
                  path: dashboard.equipment.path,
                  loader: reads(queryClient, prefetchEquipmentList),
                  lazy: screen(
                    () => import('@/features/equipment/routes/equipment-status'),
                    (m) => m.EquipmentStatusRoute,
                  ),
                }),
                // Screen groups and availability (network selling).
                only('groups', {
                  path: dashboard.groups.path,
                  lazy: screen(
                    () => import('@/features/groups/routes/groups'),
                    (m) => m.GroupsRoute,
                  ),
                }),
                only('availability', {
                  path: dashboard.availability.path,
                  lazy: screen(
                    () => import('@/features/availability/routes/availability'),
                    (m) => m.AvailabilityRoute,
                  ),
                }),
                // End of screen groups and availability.
                {
                  path: dashboard.activity.path,
                  lazy: screen(
                    () => import('@/features/activity/routes/activity'),
                    (m) => m.ActivityRoute,
                  ),
                },
                only('settings', {
                  path: dashboard.settings.path,
                  lazy: screen(
                    () => import('@/features/settings/routes/settings'),
                    (m) => m.SettingsRoute,
                  ),
                }),
                only('team', {
                  path: dashboard.team.path,
                  lazy: screen(
                    () => import('@/features/team/routes/team'),
                    (m) => m.TeamRoute,
                  ),
                }),
              ],
            },
          ],
        },

        // Customers only.
        {
          element: <RequireRole allow="customer" />,
          children: [
            {
              path: customer.home.path,
              lazy: screen(
                () => import('@/features/customer-home/routes/home'),
                (m) => m.CustomerHomeRoute,
              ),
            },
          ],
        },
        // The venue's wall screen: it reconnects on its own instead of showing errors.
        {
          element: <RequireRole allow="customer" kiosk />,
          children: [
            {
              path: customer.slides.path,
              lazy: screen(
                () => import('@/features/player/routes/slides'),
                (m) => m.SlidesRoute,
              ),
            },
          ],
        },

        // Advertisers only: their portal.
        {
          element: <RequireRole allow="advertiser" />,
          children: [
            {
              lazy: screen(
                () => import('@/features/advertiser-portal/routes/portal-shell'),
                (m) => m.PortalShellRoute,
              ),
              children: [
                {
                  path: advertiser.home.path,
                  lazy: screen(
                    () => import('@/features/advertiser-portal/routes/portal-home'),
                    (m) => m.PortalHomeRoute,
                  ),
                },
                {
                  path: advertiser.campaign.path,
                  lazy: screen(
                    () => import('@/features/advertiser-portal/routes/portal-campaign'),
                    (m) => m.PortalCampaignRoute,
                  ),
                },
                {
                  path: advertiser.report.path,
                  lazy: screen(
                    () => import('@/features/advertiser-portal/routes/portal-report'),
                    (m) => m.PortalReportRoute,
                  ),
                },
                {
                  path: advertiser.plays.path,
                  lazy: screen(
                    () => import('@/features/advertiser-portal/routes/portal-plays'),
                    (m) => m.PortalPlaysRoute,
                  ),
                },
                {
                  path: advertiser.creatives.path,
                  lazy: screen(
                    () => import('@/features/advertiser-portal/routes/portal-creatives'),
                    (m) => m.PortalCreativesRoute,
                  ),
                },
                {
                  path: advertiser.statements.path,
                  lazy: screen(
                    () => import('@/features/advertiser-portal/routes/portal-statements'),
                    (m) => m.PortalStatementsRoute,
                  ),
                },
              ],
            },
            // The printable statement: the page alone, outside the portal's frame.
            {
              path: advertiser.statement.path,
              lazy: screen(
                () => import('@/features/advertiser-portal/routes/portal-statements'),
                (m) => m.PortalStatementPrintRoute,
              ),
            },
          ],
        },

        // Any other path: redirect by role, as for '/'.
        { path: '*', element: <RoleRedirect /> },
      ],
    },
  ];
}
