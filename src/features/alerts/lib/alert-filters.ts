// The alerts centre's filters as the address holds them, so a link opens the same view:
// ?state=&type=&severity=&venue=&screen=&period=&q=&page=. With no state the centre shows
// every unresolved alert (open and acknowledged), newest first.
import {
  ALERT_SEVERITIES,
  ALERT_STATES,
  ALERT_TYPES,
  type AlertSeverity,
  type AlertState,
  type AlertType,
} from '@/entities/alert/alert-types';
import { ALERT_PERIODS, type AlertFilters } from '../api/alerts';

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

export function alertFiltersFromParams(params: URLSearchParams): AlertFilters {
  const period = params.get('period') ?? '';
  return {
    state: oneOf<AlertState>(ALERT_STATES, params.get('state')) ?? 'unresolved',
    type: oneOf<AlertType>(ALERT_TYPES, params.get('type')) ?? '',
    severity: oneOf<AlertSeverity>(ALERT_SEVERITIES, params.get('severity')) ?? '',
    venue: params.get('venue') ?? '',
    screen: params.get('screen') ?? '',
    period: ALERT_PERIODS.some((p) => p.value === period) ? period : '',
    search: params.get('q') ?? '',
    page: Math.max(0, Number(params.get('page') ?? 0) || 0),
  };
}
