import {
  Bell,
  Building2,
  CalendarRange,
  ChartColumn,
  History,
  Layers,
  LayoutDashboard,
  Megaphone,
  MonitorCheck,
  Settings,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { BackOfficeArea } from '@/lib/route-access';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** The page's area: the menu lists it only for roles that may open it (src/lib/route-access.ts). */
  area: BackOfficeArea;
  /** Active only on an exact match (otherwise also on any sub-path). */
  end?: boolean;
}

export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}

/** The admin side menu (each member sees the pages their role may open). */
export const adminNav: AdminNavGroup[] = [
  {
    label: 'General',
    items: [
      { label: 'Dashboard', to: paths.dashboard.root.getHref(), icon: LayoutDashboard, area: 'dashboard', end: true },
      { label: 'Alerts', to: paths.dashboard.alerts.getHref(), icon: Bell, area: 'alerts' },
    ],
  },
  {
    label: 'Components',
    items: [
      { label: 'Customers', to: paths.dashboard.customers.list.getHref(), icon: Users, area: 'customers' },
      { label: 'Advertisers', to: paths.dashboard.advertisers.list.getHref(), icon: Building2, area: 'advertisers' },
      { label: 'Campaigns', to: paths.dashboard.campaigns.list.getHref(), icon: Megaphone, area: 'campaigns' },
      { label: 'Reports', to: paths.dashboard.reports.getHref(), icon: ChartColumn, area: 'reports' },
      { label: 'Equipment Status', to: paths.dashboard.equipment.getHref(), icon: MonitorCheck, area: 'equipment' },
      // Screen groups and availability (network selling).
      { label: 'Screen Groups', to: paths.dashboard.groups.getHref(), icon: Layers, area: 'groups' },
      { label: 'Availability', to: paths.dashboard.availability.getHref(), icon: CalendarRange, area: 'availability' },
      { label: 'Activity', to: paths.dashboard.activity.getHref(), icon: History, area: 'activity' },
      { label: 'Settings', to: paths.dashboard.settings.getHref(), icon: Settings, area: 'settings' },
      { label: 'Team', to: paths.dashboard.team.getHref(), icon: ShieldCheck, area: 'team' },
    ],
  },
];
