// What a wall shows when nothing of its playlist is on air (no campaign, or between dayparts):
// the venue's chosen fallback image, else the network's default (player_playlist()'s
// fallback, kept on the device like any slide's image), else a calm branded screen with the
// venue's name. Never a sentence to the public about scheduling. The screen still reports in.
import type { ReactNode } from 'react';
import { ProductMark } from '@/components/ui/product-mark';
import { mediaKey } from '@/entities/slide/slide-images';
import { useHeartbeat } from '../api/heartbeat';
import type { PlayerData } from '../api/playlist';
import { usePlayUploads } from '../api/proof-of-play';

/** The URL of the playlist's fallback image on this device, when it has one. */
export function fallbackImageUrl(data: Pick<PlayerData, 'fallback' | 'media'>): string | null {
  const path = data.fallback?.image_path;
  if (!path) return null;
  return data.media.urls[mediaKey({ path, kind: 'image' })] ?? null;
}

export function FallbackScreen({
  data,
  deviceId,
  signOutButton,
}: {
  data: PlayerData;
  deviceId: string | null;
  /** A venue's login can sign out: shown only on hover or focus, never to the public. */
  signOutButton?: ReactNode;
}) {
  // Still reporting in: a screen with nothing on air is not off line.
  useHeartbeat(true, deviceId, { campaignId: null, slideId: null, contentVersion: data.version });
  usePlayUploads(true);
  const url = fallbackImageUrl(data);
  const venue = data.customer?.name ?? '';

  return (
    <main
      data-testid="fallback-screen"
      data-fallback={url ? data.fallback?.source : 'none'}
      className="fixed inset-0 flex items-center justify-center bg-gray-950 text-white"
    >
      {url ? (
        <img src={url} alt={venue} className="size-full object-contain" />
      ) : (
        <div className="flex flex-col items-center gap-6 text-center">
          <ProductMark tone="light" className="scale-150" />
          {venue && <p className="text-3xl font-semibold tracking-tight text-gray-100">{venue}</p>}
        </div>
      )}
      {signOutButton && (
        <div className="absolute top-4 right-4 opacity-0 transition-opacity focus-within:opacity-100 hover:opacity-100">
          {signOutButton}
        </div>
      )}
    </main>
  );
}
