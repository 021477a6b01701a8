// The screen-pairing function's contract with the kiosk (src/features/player): what is
// asked, what is answered. Plain TypeScript without imports, so that Deno (the function)
// and Vite (the SPA, through the @contracts alias) both take it as it is.

/** The characters of a pairing code: no 0/O, 1/I, which people misread. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
/** How long a code is valid. */
export const PAIRING_TTL_SECONDS = 15 * 60;

/** The app_metadata claim that names the device a screen's login belongs to. */
export const SCREEN_DEVICE_CLAIM = 'screen_device_id';

/** POST {action: "start"} or {action: "poll", pairing_id, secret}. */
export type PairingRequest = { action: 'start' } | { action: 'poll'; pairing_id: string; secret: string };

/** 200 to a start: the code to show and the secret only this kiosk keeps. */
export interface Pairing {
  pairing_id: string;
  code: string;
  secret: string;
  expires_at: string;
}

/** 200 to a poll (410 {status: "expired"} once the code expired; 404 {error} for an unknown pairing). */
export type PollAnswer =
  | { status: 'waiting'; expires_at?: string }
  | { status: 'expired' }
  | { status: 'paired'; device_id: string; email: string; password: string };

/** 429 to a start: too many codes from this address, or too many waiting in the network. */
export const TOO_MANY_STARTS = 'Too many pairing codes were requested from this network. Try again in a few minutes.';
export const TOO_MANY_WAITING = 'Too many pairing codes are waiting to be used. Try again in a few minutes.';
export const UNKNOWN_PAIRING = 'Unknown pairing.';
