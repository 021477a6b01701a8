// Input rules shared by edge functions.
import { z } from 'zod';

/** Supabase Auth's default minimum password length (`minimum_password_length` in config.toml). */
export const MIN_PASSWORD_LENGTH = 6;

/** An e-mail address, trimmed and lower-cased (addresses are compared case-insensitively everywhere). */
export const emailField = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'email must be a valid email address' }));

/** `value` with the LIKE wildcards `%` and `_` (and the escape character) escaped, for an exact ilike match. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Whether two e-mail addresses are the same address. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
