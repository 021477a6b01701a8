import { z } from 'zod';
import { message } from '@/i18n';

/** A new password and its confirmation, as the reset and setup pages ask for them. */
export const newPasswordInputSchema = z
  .object({
    password: z.string().min(6, message('auth:validation.passwordTooShort')),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    ...message('auth:validation.passwordsDiffer'),
    path: ['confirmPassword'],
  });

export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>;
