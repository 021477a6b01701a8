// Two-factor sign-in of the signed-in admin, with Supabase Auth's MFA API (TOTP factors:
// an authenticator app). Enrolment makes an unverified factor and shows its QR code; the
// first correct code verifies it (and raises this session to aal2); turning it off
// unenrols the factor, which Auth allows only from an aal2 session.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Factor } from '@supabase/supabase-js';
import { translate, type MessageKey } from '@/i18n';
import { codeErrorMessage } from '@/lib/second-factor';
import { supabase } from '@/lib/supabase';

/** The name the factor gets in Auth, and the issuer the authenticator app shows. */
export const FACTOR_NAME = 'Authenticator app';
export const ISSUER = 'Signage Portal';

export const twoFactorKeys = {
  all: ['two-factor'] as const,
};

function authFailure(error: { message?: string } | null, fallback: MessageKey): Error {
  return new Error(error?.message || translate(fallback), { cause: error });
}

/** The verified authenticator-app factors of the signed-in user (auth.mfa.listFactors). */
export const verifiedFactorsQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKeys.all,
    queryFn: async (): Promise<Factor[]> => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw authFailure(error, 'settings:twoFactor.errors.load');
      return data.totp;
    },
  });

export interface Enrolment {
  factorId: string;
  /** An SVG image as a data: URL, for an <img>. */
  qrCode: string;
  /** The key to type into an app that cannot scan. */
  secret: string;
}

/** Starts an enrolment; an earlier one left unfinished is removed first (its name would clash). */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: async (): Promise<Enrolment> => {
      const listed = await supabase.auth.mfa.listFactors();
      if (listed.error) throw authFailure(listed.error, 'settings:twoFactor.errors.start');
      for (const stale of listed.data.all.filter((f) => f.factor_type === 'totp' && f.status === 'unverified')) {
        await supabase.auth.mfa.unenroll({ factorId: stale.id });
      }
      const { data, error } = await supabase.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: FACTOR_NAME,
        issuer: ISSUER,
      });
      if (error) throw authFailure(error, 'settings:twoFactor.errors.start');
      return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
    },
  });
}

/** Finishes an enrolment with the app's first code: the factor is verified. */
export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) => {
      const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
      if (error) throw new Error(codeErrorMessage(error), { cause: error });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}

/** Drops an enrolment that was not finished. */
export function useCancelEnrolment() {
  return useMutation({
    mutationFn: async (factorId: string) => {
      const { error } = await supabase.auth.mfa.unenroll({ factorId });
      if (error) throw authFailure(error, 'settings:twoFactor.errors.cancel');
    },
  });
}

/** Turns two-factor sign-in off: the verified factor is removed. */
export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (factorId: string) => {
      const { error } = await supabase.auth.mfa.unenroll({ factorId });
      if (error) throw authFailure(error, 'settings:twoFactor.errors.turnOff');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
