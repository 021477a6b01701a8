import { LiveStatusBadge } from '@/entities/device/live-status-badge';

/** A device's state as its card says it: online, idle, offline, error or revoked. */
export function DeviceStatusBadge({ status }: { status: string | null }) {
  return <LiveStatusBadge status={status} />;
}
