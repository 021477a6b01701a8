// A screen's state in words: online, idle, offline, error or revoked, in the current language.
import { translate } from '@/i18n';
import { formatLabel } from '@/lib/format';

const STATES = ['online', 'idle', 'offline', 'error', 'revoked'] as const;
type State = (typeof STATES)[number];

const isState = (value: string): value is State => (STATES as readonly string[]).includes(value);

/** 'Online', 'Idle', 'Offline', 'Error' or 'Revoked'; an unknown state as it is written. */
export function liveStatusLabel(status: string | null | undefined): string {
  const value = status ?? 'offline';
  return isState(value) ? translate(`equipment:status.${value}`) : formatLabel(value);
}
