import type { RouteObject } from 'react-router-dom';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { paths } from '@/config/paths';
import { AdvertiserAddRoute } from '@/features/advertisers/routes/advertiser-add';
import { AdvertiserEditRoute } from '@/features/advertisers/routes/advertiser-edit';
import { AdvertiserViewRoute } from '@/features/advertisers/routes/advertiser-view';
import { AdvertisersListRoute } from '@/features/advertisers/routes/advertisers-list';
import { AdminSignInRoute } from '@/features/auth/routes/admin-sign-in';
import { AuthCallbackRoute } from '@/features/auth/routes/auth-callback';
import { CustomerSignInRoute } from '@/features/auth/routes/customer-sign-in';
import { ResetPasswordRoute } from '@/features/auth/routes/reset-password';
import { SetupPasswordRoute } from '@/features/auth/routes/setup-password';
import { CampaignAddRoute } from '@/features/campaigns/routes/campaign-add';
import { CampaignEditRoute } from '@/features/campaigns/routes/campaign-edit';
import { CampaignsListRoute } from '@/features/campaigns/routes/campaigns-list';
import { SlideBuilderRoute } from '@/features/campaigns/routes/slide-builder';
import { TestDynamicRoute } from '@/features/campaigns/routes/test-dynamic';
import { CustomerHomeRoute } from '@/features/customer-home/routes/home';
import { CustomerAddRoute } from '@/features/customers/routes/customer-add';
import { CustomerEditRoute } from '@/features/customers/routes/customer-edit';
import { CustomerViewRoute } from '@/features/customers/routes/customer-view';
import { CustomersListRoute } from '@/features/customers/routes/customers-list';
import { DashboardRoute } from '@/features/dashboard/routes/dashboard';
import { EquipmentStatusRoute } from '@/features/equipment/routes/equipment-status';
import { SlidesRoute } from '@/features/player/routes/slides';
import { SettingsRoute } from '@/features/settings/routes/settings';
import { RequireRole, RoleRedirect } from './routes/guards';
import { RouteError } from './routes/route-error';

const { dashboard, customer, auth } = paths;

/** The app's route tree, shared by the browser router and tests' memory routers. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, element: <RoleRedirect /> },

      // Public: sign-in and password screens.
      { path: auth.callback.path, element: <AuthCallbackRoute /> },
      { path: auth.resetPassword.path, element: <ResetPasswordRoute /> },
      { path: auth.setupPassword.path, element: <SetupPasswordRoute /> },
      { path: `${auth.signIn.path}/*`, element: <CustomerSignInRoute /> },
      { path: paths.admin.signIn.path, element: <AdminSignInRoute /> },

      // Admins only.
      {
        element: <RequireRole allow="admin" />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { path: dashboard.root.path, element: <DashboardRoute /> },
              { path: dashboard.customers.list.path, element: <CustomersListRoute /> },
              { path: dashboard.customers.add.path, element: <CustomerAddRoute /> },
              { path: dashboard.customers.edit.path, element: <CustomerEditRoute /> },
              { path: dashboard.customers.view.path, element: <CustomerViewRoute /> },
              { path: dashboard.advertisers.list.path, element: <AdvertisersListRoute /> },
              { path: dashboard.advertisers.add.path, element: <AdvertiserAddRoute /> },
              { path: dashboard.advertisers.edit.path, element: <AdvertiserEditRoute /> },
              { path: dashboard.advertisers.view.path, element: <AdvertiserViewRoute /> },
              { path: dashboard.campaigns.list.path, element: <CampaignsListRoute /> },
              { path: dashboard.campaigns.add.path, element: <CampaignAddRoute /> },
              { path: dashboard.campaigns.edit.path, element: <CampaignEditRoute /> },
              { path: dashboard.campaigns.builder.path, element: <SlideBuilderRoute /> },
              { path: dashboard.campaigns.testDynamic.path, element: <TestDynamicRoute /> },
              { path: dashboard.equipment.path, element: <EquipmentStatusRoute /> },
              { path: dashboard.settings.path, element: <SettingsRoute /> },
            ],
          },
        ],
      },

      // Customers only.
      {
        element: <RequireRole allow="customer" />,
        children: [
          { path: customer.home.path, element: <CustomerHomeRoute /> },
          { path: customer.slides.path, element: <SlidesRoute /> },
        ],
      },

      // Any other path: redirect by role, as for '/'.
      { path: '*', element: <RoleRedirect /> },
    ],
  },
];
