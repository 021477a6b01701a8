import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { message, translate } from '@/i18n';
import { userRoleQueryOptions } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { authErrorMessage } from '../lib/auth-errors';

/** An e-mail address, required and well formed (every sign-in form asks for one). */
export const emailSchema = z
  .string()
  .trim()
  .min(1, message('auth:validation.emailRequired'))
  .pipe(z.email(message('auth:validation.emailInvalid')));

export const signInInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, message('auth:validation.passwordRequired')),
});

export type SignInInput = z.infer<typeof signInInputSchema>;

/** Signs in with e-mail and password (POST /auth/v1/token?grant_type=password). */
export async function signInWithPassword({ email, password }: SignInInput) {
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new Error(authErrorMessage(error, 'auth:errors.loginFailed'), { cause: error });
  if (!data.user) throw new Error(translate('auth:errors.invalidEmailOrPassword'));
  return data;
}

/**
 * The admin sign-in: a password sign-in, then the role from public.users. Anyone who is
 * not an admin is signed out again and refused.
 */
export function useAdminSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const { user, session } = await signInWithPassword(input);
      let role: string;
      try {
        role = await queryClient.fetchQuery(userRoleQueryOptions(user.id));
      } catch (error) {
        await supabase.auth.signOut();
        throw error instanceof Error ? error : new Error(translate('auth:errors.loginFailed'));
      }
      if (role !== 'admin') {
        await supabase.auth.signOut();
        throw new Error(translate('auth:admin.notAdmin'));
      }
      return session;
    },
  });
}

export const signInCodeInputSchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, message('auth:validation.emailCode')),
});

export type SignInCodeInput = z.infer<typeof signInCodeInputSchema>;

/** Signs in with the code of a sign-in e-mail (POST /auth/v1/verify, type email). */
export async function verifySignInCode({ email, code }: SignInCodeInput) {
  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
  if (error) {
    const expired = error.code === 'otp_expired' || /expired or is invalid/i.test(error.message);
    throw new Error(expired ? translate('auth:code.expired') : authErrorMessage(error, 'auth:errors.loginFailed'), {
      cause: error,
    });
  }
  return data;
}

/** A venue's sign-in with the code of its e-mail. The route's guard then takes it home. */
export function useCodeSignIn() {
  return useMutation({ mutationFn: verifySignInCode });
}

/** A venue's sign-in with the password an admin set (Set Password). The route's guard then takes it home. */
export function usePasswordSignIn() {
  return useMutation({ mutationFn: signInWithPassword });
}
