// Where a sign-in link lands. supabase-js has already read the link's tokens (or
// ?code=) from the URL when the app loaded; this page waits a moment, checks the
// session, then sends the person on by their role from public.users.
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { isTeamRole } from '@/lib/permissions';
import { paths } from '@/config/paths';
import { translate } from '@/i18n';
import { userRoleQueryOptions } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { AuthLayout } from '../components/auth-layout';
import { knownAuthMessage } from '../lib/auth-errors';
import { useRedirectAfter } from './redirect-after';

export const CALLBACK_WAIT_MS = 1000;
export const CALLBACK_SUCCESS_REDIRECT_MS = 2000;
export const CALLBACK_FAILURE_REDIRECT_MS = 3000;

type CallbackState =
  { status: 'authenticating' } | { status: 'success'; to: string } | { status: 'failed'; message: string };

/**
 * The error a sign-in link came back with (`#error_code=…&error_description=…`, or in the query):
 * the catalogue's words for a known code (an expired link), else Auth's description.
 */
function linkError(search: string, hash: string): string | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const description = query.get('error_description') || fragment.get('error_description') || null;
  if (!description) return null;
  const code = query.get('error_code') || fragment.get('error_code');
  return code === 'otp_expired' ? translate('auth:callback.linkExpired') : description;
}

export function AuthCallbackRoute() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const queryClient = useQueryClient();
  // Read once: supabase-js clears the fragment after reading it.
  const [urlError] = useState(() => linkError(location.search, location.hash));
  const [state, setState] = useState<CallbackState>({ status: 'authenticating' });

  useEffect(() => {
    let active = true;
    const check = async (): Promise<CallbackState> => {
      if (urlError) return { status: 'failed', message: urlError };
      try {
        const { data, error } = await supabase.auth.getSession();
        if (error) return { status: 'failed', message: knownAuthMessage(error) ?? error.message };
        if (!data.session) {
          return { status: 'failed', message: translate('auth:callback.noSession') };
        }
        const role = await queryClient
          .fetchQuery(userRoleQueryOptions(data.session.user.id))
          .catch(() => 'customer' as const);
        return {
          status: 'success',
          to: isTeamRole(role)
            ? paths.dashboard.root.getHref()
            : role === 'advertiser'
              ? paths.advertiser.home.getHref()
              : paths.customer.home.getHref(),
        };
      } catch {
        return { status: 'failed', message: translate('auth:callback.unexpected') };
      }
    };
    const timer = setTimeout(() => {
      void check().then((next) => {
        if (active) setState(next);
      });
    }, CALLBACK_WAIT_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [urlError, queryClient]);

  useRedirectAfter(state.status === 'success' ? state.to : null, CALLBACK_SUCCESS_REDIRECT_MS);
  useRedirectAfter(state.status === 'failed' ? paths.auth.signIn.getHref() : null, CALLBACK_FAILURE_REDIRECT_MS);

  if (state.status === 'authenticating') {
    return (
      <AuthLayout title={t('callback.authenticating')}>
        <div className="flex items-center gap-3 text-sm text-gray-600">
          <Spinner size="md" className="text-brand-600" />
          <p role="status">{t('callback.wait')}</p>
        </div>
      </AuthLayout>
    );
  }
  if (state.status === 'success') {
    return (
      <AuthLayout title={t('callback.success')}>
        <div className="flex items-center gap-3 text-sm text-success-700" role="status">
          <CircleCheck aria-hidden className="size-6 shrink-0" />
          <p>{t('callback.signedIn')}</p>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('callback.failed')}>
      <div className="flex items-start gap-3 text-sm text-danger-700" role="alert">
        <CircleX aria-hidden className="size-6 shrink-0" />
        <div className="space-y-1">
          <p>{state.message}</p>
          <p className="text-gray-600">{t('callback.redirecting')}</p>
        </div>
      </div>
    </AuthLayout>
  );
}
