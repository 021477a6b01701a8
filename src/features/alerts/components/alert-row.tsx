import { CheckCircle2, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { checkboxClass } from '@/components/ui/checkbox-list';
import { paths } from '@/config/paths';
import { alertSeverityLabel, alertTypeLabel } from '@/entities/alert/alert-types';
import { translate } from '@/i18n';
import { formatDateTime, timeAgo } from '@/lib/format';
import type { CentreAlert } from '../api/alerts';

const severityTones: Record<string, BadgeProps['tone']> = { high: 'danger', medium: 'warning', low: 'brand' };

/** 'Open', 'Acknowledged' or 'Resolved'. */
export function alertStateLabel(alert: Pick<CentreAlert, 'resolved' | 'acknowledged_at'>): string {
  if (alert.resolved) return translate('alerts:states.resolved');
  return translate(alert.acknowledged_at ? 'alerts:states.acknowledged' : 'alerts:states.open');
}

export interface AlertRowProps {
  alert: CentreAlert;
  /** Present when the signed-in role may acknowledge and resolve. */
  actions?: {
    selected: boolean;
    onSelectedChange: (on: boolean) => void;
    onAcknowledge: () => void;
    onResolve: () => void;
  };
}

/** One alert of the centre: severity, type, state, message, where, when, and who acknowledged it. */
export function AlertRow({ alert, actions }: AlertRowProps) {
  const { t } = useTranslation('alerts');
  const state = alertStateLabel(alert);
  const where = [alert.venue_name, alert.device_name].filter(Boolean).join(' · ');
  return (
    <li className="flex items-start gap-3 px-4 py-3" aria-label={alert.message}>
      {actions && (
        <input
          type="checkbox"
          className={`${checkboxClass} mt-1`}
          aria-label={t('row.select', { message: alert.message })}
          checked={actions.selected}
          onChange={(event) => actions.onSelectedChange(event.target.checked)}
        />
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={severityTones[alert.severity] ?? 'neutral'}>{alertSeverityLabel(alert.severity)}</Badge>
          <span className="text-xs font-medium text-gray-700">{alertTypeLabel(alert.alert_type)}</span>
          <Badge tone={alert.resolved ? 'success' : alert.acknowledged_at ? 'brand' : 'warning'}>{state}</Badge>
          <time dateTime={alert.created_at} title={formatDateTime(alert.created_at)} className="text-xs text-gray-500">
            {timeAgo(alert.created_at)}
          </time>
        </div>
        <p className="text-sm text-gray-900">{alert.message}</p>
        {where && <p className="text-xs text-gray-500">{where}</p>}
        {alert.acknowledged_at && (
          <p className="text-xs text-gray-600">
            {t(alert.acknowledge_note ? 'row.acknowledgedWithNote' : 'row.acknowledged', {
              who: alert.acknowledged_by_email ?? t('row.formerMember'),
              when: timeAgo(alert.acknowledged_at),
              note: alert.acknowledge_note,
            })}
          </p>
        )}
        {alert.resolved && alert.resolved_at && (
          <p className="text-xs text-gray-600">{t('row.resolvedAgo', { when: timeAgo(alert.resolved_at) })}</p>
        )}
        {alert.device_id && (
          <Link
            to={paths.dashboard.equipment.getHref(alert.device_id)}
            className="text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {t('row.openScreen')}
          </Link>
        )}
      </div>
      {actions && !alert.resolved && (
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          {!alert.acknowledged_at && (
            <Button
              variant="outline"
              size="sm"
              onClick={actions.onAcknowledge}
              aria-label={t('row.acknowledgeLabel', { message: alert.message })}
            >
              <Eye aria-hidden className="size-4" />
              {t('row.acknowledge')}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={actions.onResolve} aria-label={t('row.resolveLabel', { message: alert.message })}>
            <CheckCircle2 aria-hidden className="size-4" />
            {t('row.resolve')}
          </Button>
        </div>
      )}
    </li>
  );
}
