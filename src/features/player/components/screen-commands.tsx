// A paired screen's remote commands (api/screen-commands.ts) and the one thing they show on the
// wall: identify, the screen's name and venue large over the slide for IDENTIFY_MS, then gone
// by itself. Reload reloads the page (it comes back playing from its cache), resync reads
// everything again while the slide on screen stays, screenshot draws what the wall shows.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { getMyScreen } from '../api/screen-pairing';
import { resyncPlayer, uploadScreenshot, useScreenCommands, type CommandHandlers } from '../api/screen-commands';
import { captureScreenshot } from '../lib/screenshot';

/** How long identify shows the screen's name and venue. */
export const IDENTIFY_MS = 10_000;

export interface ScreenCommandsProps {
  userId: string;
  /** The paired screen's own device. */
  deviceId: string;
  enabled: boolean;
  /** For tests: what the commands do besides the defaults. */
  handlers?: Partial<CommandHandlers>;
}

interface Identity {
  name: string;
  venue: string | null;
}

/** What the wall shows: the player when there is one, else whatever the page shows. */
const wall = () => document.querySelector('[data-testid="player"]') ?? document.querySelector('main') ?? document.body;

export function ScreenCommands({ userId, deviceId, enabled, handlers }: ScreenCommandsProps) {
  const { t } = useTranslation('player');
  const queryClient = useQueryClient();
  const [identity, setIdentity] = useState<Identity | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const identify = useCallback(async () => {
    const mine = await getMyScreen().catch(() => null);
    setIdentity({ name: mine?.device_name ?? translate('player:thisScreen'), venue: mine?.customer_name ?? null });
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setIdentity(null), IDENTIFY_MS);
  }, []);

  useScreenCommands(deviceId, enabled, {
    identify,
    resync: () => resyncPlayer(queryClient, userId),
    screenshot: async (commandId) => uploadScreenshot(deviceId, commandId, await captureScreenshot(wall())),
    reload: () => window.location.reload(),
    ...handlers,
  });

  if (!identity) return null;
  return (
    <div
      role="status"
      aria-label={t('identity')}
      data-testid="identify-overlay"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-gray-950/85 p-12 text-center text-white"
    >
      <p className="text-7xl font-bold tracking-tight">{identity.name}</p>
      {identity.venue && <p className="text-4xl text-gray-300">{identity.venue}</p>}
    </div>
  );
}
