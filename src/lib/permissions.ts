// What each team role may do. The database decides (public.team_can() in
// supabase/migrations/20261130000000_team_roles.sql, used by every policy); this table mirrors
// it so screens show only the controls a member may use, and route guards send them home.

export const TEAM_ROLES = ['admin', 'operator', 'sales', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Every role a login can have: a team role, a venue ('customer') or an advertiser. */
export type Role = TeamRole | 'customer' | 'advertiser';

export type Capability =
  /** Read the back office (every team role). */
  | 'read'
  /** Control screens: equipment, pairing, groups, commands, alerts. */
  | 'screens'
  /** Change venues (not their bank details). */
  | 'venues'
  /** Change campaigns, slides, targets, ads and media. */
  | 'content'
  /** Change advertisers; read availability and statements. */
  | 'advertisers'
  /** See prices, fees, spending and revenue. */
  | 'money'
  /** See and change venues' bank details. */
  | 'bank'
  /** Invite, change and remove team members. */
  | 'team'
  /** Change the network's settings. */
  | 'settings';

const GRANTS: Record<Capability, readonly TeamRole[]> = {
  read: TEAM_ROLES,
  screens: ['admin', 'operator'],
  venues: ['admin', 'operator'],
  content: ['admin', 'operator', 'sales'],
  advertisers: ['admin', 'sales'],
  money: ['admin', 'sales'],
  bank: ['admin'],
  team: ['admin'],
  settings: ['admin'],
};

export function isTeamRole(role: string | null | undefined): role is TeamRole {
  return (TEAM_ROLES as readonly string[]).includes(role ?? '');
}

/** True when `role` grants `capability` (false for venues, advertisers and no one). */
export function can(role: Role | null | undefined, capability: Capability): boolean {
  return isTeamRole(role) && GRANTS[capability].includes(role);
}
