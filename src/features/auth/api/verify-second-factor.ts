import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { codeErrorMessage, verifiedTotpFactor, type SecondFactorCode } from '@/lib/second-factor';

/**
 * The second step of signing in: a code from the authenticator app for the user's verified
 * factor (POST /factors/:id/challenge, then /verify). The session becomes aal2.
 */
export function useVerifySecondFactor({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async ({ code }: SecondFactorCode) => {
      const { data: userData, error: userError } = await supabase.auth.getUser();
      if (userError) throw new Error(userError.message || 'Your account could not be loaded', { cause: userError });
      const factor = verifiedTotpFactor(userData.user);
      if (!factor) throw new Error('Two-factor sign-in is not set up for this account');
      const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: code.trim() });
      if (error) throw new Error(codeErrorMessage(error), { cause: error });
    },
    onSuccess,
  });
}
