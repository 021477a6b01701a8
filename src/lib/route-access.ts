// Which back-office pages each team role may open (src/lib/permissions.ts has what each role
// may change). Route guards send a member elsewhere from a page their role cannot use, with a
// message, and the side menu lists only the pages they may open. The database decides what
// any request may read or write either way.
import { translate } from '@/i18n';
import { can, type Role } from './permissions';

export type BackOfficeArea =
  | 'dashboard'
  | 'customers'
  | 'advertisers'
  | 'campaigns'
  | 'reports'
  | 'alerts'
  | 'activity'
  | 'equipment'
  | 'groups'
  | 'availability'
  | 'statements'
  | 'settings'
  | 'team';

/**
 * Every team role reads the dashboard, venues, advertisers, campaigns and reports (controls
 * inside need their capability). Equipment and groups are the operator's: admins and
 * operators control them, viewers read them; sales do not open them. Availability and
 * printable statements are for who sells (advertisers, money); settings and team for admins.
 */
const RULES: Record<BackOfficeArea, (role: Role) => boolean> = {
  dashboard: (role) => can(role, 'read'),
  customers: (role) => can(role, 'read'),
  advertisers: (role) => can(role, 'read'),
  campaigns: (role) => can(role, 'read'),
  reports: (role) => can(role, 'read'),
  alerts: (role) => can(role, 'read'),
  activity: (role) => can(role, 'read'),
  equipment: (role) => can(role, 'screens') || role === 'viewer',
  groups: (role) => can(role, 'screens') || role === 'viewer',
  availability: (role) => can(role, 'advertisers'),
  statements: (role) => can(role, 'money'),
  settings: (role) => can(role, 'settings'),
  team: (role) => can(role, 'team'),
};

/** True when a member with `role` may open `area`. */
export function mayOpen(role: Role | null | undefined, area: BackOfficeArea): boolean {
  return !!role && RULES[area](role);
}

/** What a member sent away from `area` is told. */
export function refusalFor(role: Role, area: BackOfficeArea): string {
  return translate('errors:refusal', {
    role: translate(`errors:roles.${role}`),
    area: translate(`errors:areas.${area}`),
  });
}
