import { useQuery } from '@tanstack/react-query';
import { BellOff, CheckCircle2 } from 'lucide-react';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatLabel, timeAgo } from '@/lib/format';
import { alertsQueryOptions, useResolveAlert, type SystemAlert } from '../api/system-alerts';
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
  const where = [alert.customers?.name, alert.customers?.location].filter(Boolean).join(' · ');
  return (
    <li className="flex items-start gap-3 py-3" aria-label={alert.message}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={severityTones[alert.severity] ?? 'neutral'}>{formatLabel(alert.severity)}</Badge>
          <span className="text-xs text-gray-500">{formatLabel(alert.alert_type)}</span>
          <span className="text-xs text-gray-500">{timeAgo(alert.created_at)}</span>
        </div>
        <p className="text-sm text-gray-900">{alert.message}</p>
        {where && <p className="text-xs text-gray-500">{where}</p>}
        {alert.device_id && (
          <Link
            to={paths.dashboard.equipment.getHref(alert.device_id)}
            className="text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Open the screen
          </Link>
        )}
      </div>
      {alert.resolved ? (
        <Badge tone="success">
          <CheckCircle2 aria-hidden className="mr-1 size-3.5" />
          Resolved
        </Badge>
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={onResolve}
          disabled={isResolving}
          aria-label={`Resolve: ${alert.message}`}
        >
          Resolve
        </Button>
      )}
    </li>
  );
}

/** The panel's anchor (/dashboard#system-alerts). */
export const SYSTEM_ALERTS_ANCHOR = 'system-alerts';

/** The newest unresolved alerts, resolvable in place, and the way to the alerts centre. */
export function SystemAlertsPanel() {
  const alerts = useQuery(alertsQueryOptions());
  const resolve = useResolveAlert();
  return (
    <Card id={SYSTEM_ALERTS_ANCHOR} className="scroll-mt-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>System Alerts</CardTitle>
        <Link
          to={paths.dashboard.alerts.getHref({ state: 'unresolved' })}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          All unresolved alerts
        </Link>
      </CardHeader>
      <CardContent>
        {resolve.isError && (
          <Alert tone="danger" className="mb-3">
            Failed to resolve alert
          </Alert>
        )}
        <QueryBoundary
          query={alerts}
          loading={<PanelLoading label="Loading alerts" />}
          error={(failure) => (
            <PanelError title="Alerts could not be loaded" error={failure.error} onRetry={failure.retry} />
          )}
        >
          {(list) =>
            list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-gray-500">
                <BellOff aria-hidden className="size-8 text-gray-400" />
                <p>No unresolved alerts. All screens are reporting normally.</p>
              </div>
            ) : (
              <ul aria-label="System alerts" className="divide-y divide-gray-100">
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
