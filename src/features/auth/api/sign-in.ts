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
