import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userRoleQueryOptions } from '@/lib/auth';
import { supabase } from '@/lib/supabase';

export const signInInputSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});

export type SignInInput = z.infer<typeof signInInputSchema>;

export const NOT_ADMIN_MESSAGE = 'This account does not have admin access.';

/** Signs in with e-mail and password (POST /auth/v1/token?grant_type=password). */
export async function signInWithPassword({ email, password }: SignInInput) {
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new Error(error.message || 'Login failed', { cause: error });
  if (!data.user) throw new Error('Invalid email or password');
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
        throw error instanceof Error ? error : new Error('Login failed');
      }
      if (role !== 'admin') {
        await supabase.auth.signOut();
        throw new Error(NOT_ADMIN_MESSAGE);
      }
      return session;
    },
  });
}

export const signInCodeInputSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail'),
});

export type SignInCodeInput = z.infer<typeof signInCodeInputSchema>;

/** Signs in with the code of a sign-in e-mail (POST /auth/v1/verify, type email). */
export async function verifySignInCode({ email, code }: SignInCodeInput) {
  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
  if (error) {
    const expired = error.code === 'otp_expired' || /expired or is invalid/i.test(error.message);
    throw new Error(
      expired ? 'That code is wrong or has expired. Check the latest e-mail, or ask for a new link.' : error.message,
      { cause: error },
    );
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
