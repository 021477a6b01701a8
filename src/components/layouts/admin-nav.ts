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

/** A menu label's key in the 'layout' catalogue (nav.items.*). */
export type AdminNavItemKey =
  | 'dashboard'
  | 'alerts'
  | 'customers'
  | 'advertisers'
  | 'campaigns'
  | 'reports'
  | 'equipment'
  | 'groups'
  | 'availability'
  | 'activity'
  | 'settings'
  | 'team';

export interface AdminNavItem {
  /** The label's key under nav.items in the 'layout' catalogue. */
  label: AdminNavItemKey;
  to: string;
  icon: LucideIcon;
  /** The page's area: the menu lists it only for roles that may open it (src/lib/route-access.ts). */
  area: BackOfficeArea;
  /** Active only on an exact match (otherwise also on any sub-path). */
  end?: boolean;
}

export interface AdminNavGroup {
  /** The heading's key under nav.groups in the 'layout' catalogue. */
  label: 'general' | 'components';
  items: AdminNavItem[];
}

/** The admin side menu (each member sees the pages their role may open). */
export const adminNav: AdminNavGroup[] = [
  {
    label: 'general',
    items: [
      { label: 'dashboard', to: paths.dashboard.root.getHref(), icon: LayoutDashboard, area: 'dashboard', end: true },
      { label: 'alerts', to: paths.dashboard.alerts.getHref(), icon: Bell, area: 'alerts' },
    ],
  },
  {
    label: 'components',
    items: [
      { label: 'customers', to: paths.dashboard.customers.list.getHref(), icon: Users, area: 'customers' },
      { label: 'advertisers', to: paths.dashboard.advertisers.list.getHref(), icon: Building2, area: 'advertisers' },
      { label: 'campaigns', to: paths.dashboard.campaigns.list.getHref(), icon: Megaphone, area: 'campaigns' },
      { label: 'reports', to: paths.dashboard.reports.getHref(), icon: ChartColumn, area: 'reports' },
      { label: 'equipment', to: paths.dashboard.equipment.getHref(), icon: MonitorCheck, area: 'equipment' },
      // Screen groups and availability (network selling).
      { label: 'groups', to: paths.dashboard.groups.getHref(), icon: Layers, area: 'groups' },
      { label: 'availability', to: paths.dashboard.availability.getHref(), icon: CalendarRange, area: 'availability' },
      { label: 'activity', to: paths.dashboard.activity.getHref(), icon: History, area: 'activity' },
      { label: 'settings', to: paths.dashboard.settings.getHref(), icon: Settings, area: 'settings' },
      { label: 'team', to: paths.dashboard.team.getHref(), icon: ShieldCheck, area: 'team' },
    ],
  },
];
