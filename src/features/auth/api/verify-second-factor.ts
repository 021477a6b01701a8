import { useMutation } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { supabase } from '@/lib/supabase';
import { codeErrorMessage, verifiedTotpFactor, type SecondFactorCode } from '@/lib/second-factor';
import { authErrorMessage, knownAuthMessage } from '../lib/auth-errors';

/** A wrong code or too many tries in the catalogue's words; Auth's own words otherwise. */
function secondFactorMessage(error: { code?: string; message?: string }): string {
  return knownAuthMessage(error) ?? codeErrorMessage(error);
}

/**
 * The second step of signing in: a code from the authenticator app for the user's verified
 * factor (POST /factors/:id/challenge, then /verify). The session becomes aal2.
 */
export function useVerifySecondFactor({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async ({ code }: SecondFactorCode) => {
      const { data: userData, error: userError } = await supabase.auth.getUser();
      if (userError)
        throw new Error(authErrorMessage(userError, 'auth:secondFactor.accountFailed'), { cause: userError });
      const factor = verifiedTotpFactor(userData.user);
      if (!factor) throw new Error(translate('auth:secondFactor.notSetUp'));
      const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: code.trim() });
      if (error) throw new Error(secondFactorMessage(error), { cause: error });
    },
    onSuccess,
  });
}
