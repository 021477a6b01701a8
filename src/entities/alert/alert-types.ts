// Every kind of alert the network raises, with the words the team reads. The database's
// constraint system_alerts_alert_type_is_known holds the same list; the words are in the
// 'alerts' catalogue.
import { translate } from '@/i18n';

export const ALERT_TYPES = [
  'offline',
  'back_online',
  'wifi_lost',
  'maintenance',
  'under_delivery',
  'plays_refused',
  'clock_skew',
  'storage_low',
  'player_restarting',
  'screenshot_failed',
  'venue_report',
  'other',
] as const;

export type AlertType = (typeof ALERT_TYPES)[number];

/** The label of an alert type in the current language; a type this build does not know reads as itself, made readable. */
export function alertTypeLabel(type: string): string {
  return (ALERT_TYPES as readonly string[]).includes(type)
    ? translate(`alerts:types.${type as AlertType}`)
    : type.replace(/_/g, ' ');
}

export const ALERT_SEVERITIES = ['high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Where an alert stands: open (new), acknowledged (someone is on it), resolved. */
export const ALERT_STATES = ['unresolved', 'open', 'acknowledged', 'resolved', 'all'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** The label of a state filter in the current language. */
export function alertStateFilterLabel(state: AlertState): string {
  return translate(`alerts:states.filter.${state}`);
}

/** The label of a severity in the current language; an unknown one reads as itself. */
export function alertSeverityLabel(severity: string): string {
  return (ALERT_SEVERITIES as readonly string[]).includes(severity)
    ? translate(`alerts:severities.${severity as AlertSeverity}`)
    : severity;
}
