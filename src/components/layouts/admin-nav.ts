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
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on an exact match (otherwise also on any sub-path). */
  end?: boolean;
}

export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}

/** The admin side menu. */
export const adminNav: AdminNavGroup[] = [
  {
    label: 'General',
    items: [
      { label: 'Dashboard', to: paths.dashboard.root.getHref(), icon: LayoutDashboard, end: true },
      { label: 'Alerts', to: paths.dashboard.alerts.getHref(), icon: Bell },
    ],
  },
  {
    label: 'Components',
    items: [
      { label: 'Customers', to: paths.dashboard.customers.list.getHref(), icon: Users },
      { label: 'Advertisers', to: paths.dashboard.advertisers.list.getHref(), icon: Building2 },
      { label: 'Campaigns', to: paths.dashboard.campaigns.list.getHref(), icon: Megaphone },
      { label: 'Reports', to: paths.dashboard.reports.getHref(), icon: ChartColumn },
      { label: 'Equipment Status', to: paths.dashboard.equipment.getHref(), icon: MonitorCheck },
      // Screen groups and availability (network selling).
      { label: 'Screen Groups', to: paths.dashboard.groups.getHref(), icon: Layers },
      { label: 'Availability', to: paths.dashboard.availability.getHref(), icon: CalendarRange },
      { label: 'Activity', to: paths.dashboard.activity.getHref(), icon: History },
      { label: 'Settings', to: paths.dashboard.settings.getHref(), icon: Settings },
    ],
  },
];
