// Auth's (GoTrue's) errors as people read them: the codes a person can act on have catalogue
// entries (in English, Auth's own words); any other error shows the server's text.
import { translate, type MessageKey } from '@/i18n';

const authCodes: Record<string, MessageKey> = {
  invalid_credentials: 'auth:errors.invalidCredentials',
  email_not_confirmed: 'auth:errors.emailNotConfirmed',
  user_banned: 'auth:errors.userBanned',
  user_not_found: 'auth:errors.userNotFound',
  over_email_send_rate_limit: 'auth:errors.overEmailSendRateLimit',
  over_request_rate_limit: 'auth:errors.overRequestRateLimit',
  otp_expired: 'auth:errors.otpExpired',
  same_password: 'auth:errors.samePassword',
  weak_password: 'auth:errors.weakPassword',
  signup_disabled: 'auth:errors.signupDisabled',
  refresh_token_not_found: 'auth:errors.refreshTokenNotFound',
  mfa_verification_failed: 'auth:secondFactor.wrongCode',
  insufficient_aal: 'auth:reset.needsCode',
};

/** The texts our own edge functions answer with (supabase/functions/*), by their English words. */
const functionTexts: Record<string, MessageKey> = {
  'Not signed in': 'auth:errors.notSignedIn',
  'You can only set the password of your own account': 'auth:errors.notYourAccount',
  'Password must be at least 6 characters long.': 'auth:validation.passwordTooShort',
  'AAL2 session is required to update email or password when MFA is enabled.': 'auth:reset.needsCode',
  'Too many requests. Please try again later.': 'auth:errors.tooManyRequests',
};

interface ServerError {
  code?: string | null;
  message?: string | null;
}

/** The catalogue's text for an Auth error code or one of our functions' answers; null when it has none. */
export function knownAuthMessage(error: ServerError | null | undefined): string | null {
  if (!error) return null;
  const key = (error.code && authCodes[error.code]) || (error.message && functionTexts[error.message]);
  return key ? translate(key) : null;
}

/** What a person reads for an Auth error: the catalogue's words when known, else the server's, else `fallback`. */
export function authErrorMessage(error: ServerError | null | undefined, fallback: MessageKey): string {
  return knownAuthMessage(error) ?? (error?.message || translate(fallback));
}
