// Every kind of alert the network raises, with the words the team reads. The database's
// constraint system_alerts_alert_type_is_known holds the same list.

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

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  offline: 'Screen offline',
  back_online: 'Back online',
  wifi_lost: 'Wi-Fi lost',
  maintenance: 'Maintenance',
  under_delivery: 'Under-delivery',
  plays_refused: 'Plays refused',
  clock_skew: 'Clock skew',
  storage_low: 'Storage low',
  player_restarting: 'Player restarting',
  screenshot_failed: 'Screenshot failed',
  venue_report: 'Reported by a venue',
  other: 'Other',
};

/** The label of an alert type; a type this build does not know reads as itself, made readable. */
export function alertTypeLabel(type: string): string {
  return (ALERT_TYPE_LABELS as Record<string, string>)[type] ?? type.replace(/_/g, ' ');
}

export const ALERT_SEVERITIES = ['high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Where an alert stands: open (new), acknowledged (someone is on it), resolved. */
export const ALERT_STATES = ['unresolved', 'open', 'acknowledged', 'resolved', 'all'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export const ALERT_STATE_LABELS: Record<AlertState, string> = {
  unresolved: 'Unresolved (open and acknowledged)',
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  all: 'All states',
};
