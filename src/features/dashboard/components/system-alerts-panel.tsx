import { BellOff, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { alertSeverityLabel, alertTypeLabel } from '@/entities/alert/alert-types';
import { timeAgo } from '@/lib/format';
import { useOverviewAlerts, type SystemAlert } from '../api/overview';
import { useResolveAlert } from '../api/system-alerts';
import { PanelError, PanelLoading } from './panel-states';

const severityTones: Record<string, BadgeProps['tone']> = { high: 'danger', medium: 'warning', low: 'brand' };

function AlertRow({
  alert,
  onResolve,
  isResolving,
}: {
  alert: SystemAlert;
  onResolve: () => void;
  isResolving: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const venue = alert.customers;
  const where =
    venue?.name && venue.location
      ? t('alerts.where', { name: venue.name, location: venue.location })
      : (venue?.name ?? venue?.location ?? '');
  return (
    <li className="flex items-start gap-3 py-3" aria-label={alert.message}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={severityTones[alert.severity] ?? 'neutral'}>{alertSeverityLabel(alert.severity)}</Badge>
          <span className="text-xs text-gray-500">{alertTypeLabel(alert.alert_type)}</span>
          <span className="text-xs text-gray-500">{timeAgo(alert.created_at)}</span>
        </div>
        <p className="text-sm text-gray-900">{alert.message}</p>
        {where && <p className="text-xs text-gray-500">{where}</p>}
        {alert.device_id && (
          <Link
            to={paths.dashboard.equipment.getHref(alert.device_id)}
            className="text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {t('alerts.openScreen')}
          </Link>
        )}
      </div>
      {alert.resolved ? (
        <Badge tone="success">
          <CheckCircle2 aria-hidden className="mr-1 size-3.5" />
          {t('alerts.resolved')}
        </Badge>
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={onResolve}
          disabled={isResolving}
          aria-label={t('alerts.resolveLabel', { message: alert.message })}
        >
          {t('alerts.resolve')}
        </Button>
      )}
    </li>
  );
}

/** The panel's anchor (/dashboard#system-alerts). */
export const SYSTEM_ALERTS_ANCHOR = 'system-alerts';

/** The newest unresolved alerts, resolvable in place, and the way to the alerts centre. */
export function SystemAlertsPanel() {
  const { t } = useTranslation('dashboard');
  const alerts = useOverviewAlerts();
  const resolve = useResolveAlert();
  return (
    <Card id={SYSTEM_ALERTS_ANCHOR} className="scroll-mt-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{t('alerts.title')}</CardTitle>
        <Link
          to={paths.dashboard.alerts.getHref({ state: 'unresolved' })}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {t('alerts.allUnresolved')}
        </Link>
      </CardHeader>
      <CardContent>
        {resolve.isError && (
          <Alert tone="danger" className="mb-3">
            {resolve.error.message}
          </Alert>
        )}
        <QueryBoundary
          query={alerts}
          loading={<PanelLoading label={t('alerts.loading')} />}
          error={(failure) => (
            <PanelError title={t('alerts.loadFailed')} error={failure.error} onRetry={failure.retry} />
          )}
        >
          {(list) =>
            list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-gray-500">
                <BellOff aria-hidden className="size-8 text-gray-400" />
                <p>{t('alerts.empty')}</p>
              </div>
            ) : (
              <ul aria-label={t('alerts.listLabel')} className="divide-y divide-gray-100">
                {list.map((alert) => (
                  <AlertRow
                    key={alert.id}
                    alert={alert}
                    isResolving={resolve.isPending && resolve.variables === alert.id}
                    onResolve={() => resolve.mutate(alert.id)}
                  />
                ))}
              </ul>
            )
          }
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}
