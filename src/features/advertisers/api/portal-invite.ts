// The advertiser's portal login: who it is (public.users, which admins read) and the
// invite-advertiser function, which makes and links it and e-mails a sign-in link.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { callFunction } from '@/lib/functions';
import { supabase } from '@/lib/supabase';
import { serverText } from '@/entities/advertiser/server-errors';
import { advertiserKeys } from './advertisers';

export const portalLoginKeys = {
  all: [...advertiserKeys.all, 'portal-login'] as const,
  login: (userId: string) => [...portalLoginKeys.all, userId] as const,
};

/** The e-mail the advertiser's linked login signs in with (null when it is gone). */
export const portalLoginQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: portalLoginKeys.login(userId),
    queryFn: async () => {
      const { data } = await supabase.from('users').select('email').eq('id', userId).maybeSingle().throwOnError();
      return data?.email ?? null;
    },
  });

export interface InviteResult {
  sentTo: string;
}

/** The words of a failure the function did not explain, read when it happens. */
const fallback = () => translate('advertisers:portal.failed');

async function inviteAdvertiser(advertiserId: string): Promise<InviteResult> {
  let reply: { status: number; body: unknown };
  try {
    reply = await callFunction('invite-advertiser', {
      advertiserId,
      redirectTo: `${window.location.origin}/auth/callback`,
    });
  } catch (error) {
    throw new Error(fallback(), { cause: error });
  }
  const body = (reply.body ?? {}) as { error?: unknown; sentTo?: unknown };
  // The function's own refusals read in the current language; any other text as it came.
  if (typeof body.error === 'string' && body.error) throw new Error(serverText(body.error));
  if (reply.status !== 200 || typeof body.sentTo !== 'string') throw new Error(fallback());
  return { sentTo: body.sentTo };
}

/** Invites the advertiser (or re-sends its link), then refreshes the advertiser and its login. */
export function useInviteAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdvertiser,
    onSuccess: (_result, advertiserId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: advertiserKeys.detail(advertiserId) }),
        queryClient.invalidateQueries({ queryKey: portalLoginKeys.all }),
      ]),
  });
}
