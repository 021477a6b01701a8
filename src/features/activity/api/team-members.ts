// The people the Activity page's "Person" filter offers: the team (admin, operator, sales,
// viewer), as much of it as the reader may see.
import { queryOptions } from '@tanstack/react-query';
import { tableKeys } from '@/entities/query-keys/table-keys';
import { supabase } from '@/lib/supabase';

export const TEAM_ROLES = ['admin', 'operator', 'sales', 'viewer'] as const;

async function fetchTeamMembers() {
  const { data } = await supabase
    .from('users')
    .select('id, email, role')
    .in('role', [...TEAM_ROLES])
    .order('email')
    .throwOnError();
  return data;
}

export const teamMembersQueryOptions = () =>
  queryOptions({
    queryKey: [...tableKeys.users, 'team'] as const,
    queryFn: fetchTeamMembers,
  });
