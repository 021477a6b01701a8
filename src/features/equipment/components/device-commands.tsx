// On a device's card and in its details: the last command sent to the screen and how it went
// (live), and its latest screenshot with its time; the screenshot opens large on click.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { focusRing } from '@/components/ui/button';
import { heartbeatAge } from '@/entities/device/heartbeat-age';
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

const STATUS_TEXT: Record<string, string> = {
  queued: 'Queued',
  delivered: 'Delivered',
  done: 'Done',
  failed: 'Failed',
  expired: 'Expired',
};

/** 'Just now' → 'just now', '2 min ago' as is. */
const ago = (at: string | null) => {
  const text = heartbeatAge(at);
  return text === 'Just now' ? 'just now' : text;
};

export function DeviceCommands({ deviceId, name }: { deviceId: string; name: string }) {
  const commands = useQuery(deviceCommandsQueryOptions(deviceId));
  const [enlarged, setEnlarged] = useState(false);
  if (commands.isPending) return <p className="text-xs text-gray-500">Loading commands…</p>;
  if (commands.isError) return <p className="text-xs text-danger-700">Commands could not be loaded.</p>;
  const { last, screenshot } = commands.data;
  const status = last ? commandStatus(last) : null;
  const error = (last?.result as { error?: unknown } | null)?.error;

  return (
    <div className="space-y-2 text-sm">
      {last && status ? (
        <p className="flex flex-wrap items-center gap-2 text-gray-600" data-testid="last-command">
          <span>
            {commandLabel(last.command)} · {ago(last.issued_at)}
          </span>
          <Badge tone={STATUS_TONE[status as keyof typeof STATUS_TONE] ?? 'neutral'}>
            {STATUS_TEXT[status] ?? status}
          </Badge>
          {status === 'failed' && typeof error === 'string' && (
            <span className="w-full text-xs text-danger-700">{error}</span>
          )}
        </p>
      ) : (
        <p className="text-xs text-gray-500">No commands sent yet.</p>
      )}
      {screenshot && (
        <>
          <button
            type="button"
            className={cn('group block w-full overflow-hidden rounded-md border border-gray-200 text-left', focusRing)}
            onClick={() => setEnlarged(true)}
            aria-label={`Enlarge the screenshot of ${name}`}
          >
            <img
              src={screenshot.url}
              alt={`Screenshot of ${name}`}
              className="aspect-video w-full bg-gray-900 object-contain"
            />
            <span className="block px-2 py-1 text-xs text-gray-600">
              Screenshot · {ago(screenshot.command.finished_at)}
            </span>
          </button>
          <Dialog open={enlarged} onOpenChange={setEnlarged}>
            <DialogContent className="max-w-5xl">
              <DialogHeader>
                <DialogTitle>Screenshot of {name}</DialogTitle>
                <DialogDescription>Taken {formatDateTime(screenshot.command.finished_at)}</DialogDescription>
              </DialogHeader>
              <img src={screenshot.url} alt={`Screenshot of ${name}, large`} className="w-full rounded bg-gray-900" />
            </DialogContent>
          </Dialog>
        </>
      )}
    </div>
  );
}
