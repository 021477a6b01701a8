// On a device's card and in its details: the last command sent to the screen and how it went
// (live), and its latest screenshot with its time; the screenshot opens large on click.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { focusRing } from '@/components/ui/button';
import { heartbeatAgeInline } from '@/entities/device/heartbeat-age';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/utils/cn';
import { commandLabel, commandStatus, deviceCommandsQueryOptions } from '../api/screen-commands';

const STATUS_TONE = {
  queued: 'neutral',
  delivered: 'brand',
  done: 'success',
  failed: 'danger',
  expired: 'warning',
} as const;

const isKnownStatus = (status: string): status is keyof typeof STATUS_TONE => status in STATUS_TONE;

export function DeviceCommands({ deviceId, name }: { deviceId: string; name: string }) {
  const { t } = useTranslation('equipment');
  const commands = useQuery(deviceCommandsQueryOptions(deviceId));
  const [enlarged, setEnlarged] = useState(false);
  if (commands.isPending) return <p className="text-xs text-gray-500">{t('commands.loading')}</p>;
  if (commands.isError) return <p className="text-xs text-danger-700">{t('commands.loadFailed')}</p>;
  const { last, screenshot } = commands.data;
  const status = last ? commandStatus(last) : null;
  const error = (last?.result as { error?: unknown } | null)?.error;

  return (
    <div className="space-y-2 text-sm">
      {last && status ? (
        <p className="flex flex-wrap items-center gap-2 text-gray-600" data-testid="last-command">
          <span>
            {t('commands.last', { command: commandLabel(last.command), ago: heartbeatAgeInline(last.issued_at) })}
          </span>
          <Badge tone={isKnownStatus(status) ? STATUS_TONE[status] : 'neutral'}>
            {isKnownStatus(status) ? t(`commands.status.${status}`) : status}
          </Badge>
          {status === 'failed' && typeof error === 'string' && (
            <span className="w-full text-xs text-danger-700">{error}</span>
          )}
        </p>
      ) : (
        <p className="text-xs text-gray-500">{t('commands.none')}</p>
      )}
      {screenshot && (
        <>
          <button
            type="button"
            className={cn('group block w-full overflow-hidden rounded-md border border-gray-200 text-left', focusRing)}
            onClick={() => setEnlarged(true)}
            aria-label={t('commands.enlarge', { name })}
          >
            <img
              src={screenshot.url}
              alt={t('commands.screenshotOf', { name })}
              className="aspect-video w-full bg-gray-900 object-contain"
            />
            <span className="block px-2 py-1 text-xs text-gray-600">
              {t('commands.screenshotAgo', { ago: heartbeatAgeInline(screenshot.command.finished_at) })}
            </span>
          </button>
          <Dialog open={enlarged} onOpenChange={setEnlarged}>
            <DialogContent className="max-w-5xl">
              <DialogHeader>
                <DialogTitle>{t('commands.screenshotOf', { name })}</DialogTitle>
                <DialogDescription>
                  {t('commands.taken', { at: formatDateTime(screenshot.command.finished_at) })}
                </DialogDescription>
              </DialogHeader>
              <img
                src={screenshot.url}
                alt={t('commands.screenshotLarge', { name })}
                className="w-full rounded bg-gray-900"
              />
            </DialogContent>
          </Dialog>
        </>
      )}
    </div>
  );
}
