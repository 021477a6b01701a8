// Hiding the controls a team member's role may not use (src/lib/permissions.ts). Inside the
// back office the route guards have read the role before any screen renders, so this is
// useCan() there: a sales member sees no Edit on a venue, a viewer no Delete anywhere. Only
// a role known to lack the capability hides a control: a screen rendered on its own (before
// or without a team role) shows them all, and the database refuses what the role may not do.
import { useAccess } from './auth';
import { can, isTeamRole, type Capability } from './permissions';

/** False when the signed-in team member's role is known and does not grant `capability`. */
export function useMayUse(capability: Capability): boolean {
  const access = useAccess();
  return !(access.status === 'signed-in' && isTeamRole(access.role) && !can(access.role, capability));
}
