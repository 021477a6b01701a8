import { z } from 'zod';

/** A new password and its confirmation, as the reset and setup pages ask for them. */
export const newPasswordInputSchema = z
  .object({
    password: z.string().min(6, 'Password must be at least 6 characters long.'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });

export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>;
