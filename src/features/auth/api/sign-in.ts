import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';

export const signInInputSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});

export type SignInInput = z.infer<typeof signInInputSchema>;

/** Signs in with e-mail and password (POST /auth/v1/token?grant_type=password). */
export async function signInWithPassword({ email, password }: SignInInput) {
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new Error(error.message || 'Login failed', { cause: error });
  if (!data.user) throw new Error('Invalid email or password');
  return data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithPassword });
}
