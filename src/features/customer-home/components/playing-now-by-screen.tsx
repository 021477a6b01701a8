import { useQueries, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { intlLocale } from '@/i18n';
import { NowPlaying, PlayingNow } from '@/entities/playlist/now-playing';
import { myScreenPlaylistQueryOptions, type Playlist } from '@/entities/playlist/playlist';
import { venueScreensQueryOptions, type VenueScreen } from '../api/venue-screens';

/** What a screen's loop holds now: its slides on air in order, and the spots on air. */
function loopSignature(playlist: Playlist): string {
  const slides = playlist.slides.filter((slide) => slide.on_air !== false).map((slide) => slide.id);
  const spots = (playlist.spots ?? []).filter((spot) => spot.on_air).map((spot) => spot.campaign_id);
  return JSON.stringify([slides, spots]);
}

/** Screens whose loops hold the same, in the order of the venue's screens. */
export interface ScreenGroup {
  screens: VenueScreen[];
  playlist: Playlist;
}

/** Groups the screens by what they play, so screens playing the same loop are said once. */
export function groupByLoop(screens: VenueScreen[], playlists: Playlist[]): ScreenGroup[] {
  const groups = new Map<string, ScreenGroup>();
  screens.forEach((screen, index) => {
    const playlist = playlists[index]!;
    const key = loopSignature(playlist);
    const group = groups.get(key);
    if (group) group.screens.push(screen);
    else groups.set(key, { screens: [screen], playlist });
  });
  return [...groups.values()];
}

function Loading() {
  const { t } = useTranslation('home');
  return (
    <LoadingRegion label={t('playingNow.loading')} className="space-y-2">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-5 w-64" />
    </LoadingRegion>
  );
}

/** Each screen's own loop, read for that screen: campaigns on chosen screens or groups count only where they play. */
function ScreensPlaying({ screens }: { screens: VenueScreen[] }) {
  const { t } = useTranslation('home');
  const idPrefix = useId();
  const reads = useQueries({ queries: screens.map((screen) => myScreenPlaylistQueryOptions(screen.id)) });
  const failed = reads.find((read) => read.isError);
  if (failed) {
    return (
      <ErrorState
        title={t('playingNow.loadFailed')}
        error={failed.error}
        onRetry={() => reads.filter((read) => read.isError).forEach((read) => void read.refetch())}
        isRetrying={reads.some((read) => read.isFetching)}
      />
    );
  }
  if (reads.some((read) => read.data === undefined)) return <Loading />;
  const groups = groupByLoop(
    screens,
    reads.map((read) => read.data!),
  );
  if (groups.length === 1) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-gray-600">{t('playingNow.allScreens', { count: screens.length })}</p>
        <PlayingNow playlist={groups[0]!.playlist} forScreen />
      </div>
    );
  }
  const names = new Intl.ListFormat(intlLocale(), { style: 'long', type: 'conjunction' });
  return (
    <ul aria-label={t('playingNow.screensLabel')} className="space-y-5">
      {groups.map((group) => {
        const title = names.format(group.screens.map((screen) => screen.device_name));
        const id = idPrefix + group.screens[0]!.id;
        return (
          <li key={group.screens[0]!.id} aria-labelledby={id} className="space-y-2">
            <h3 id={id} className="text-sm font-semibold text-gray-900">
              {title}
            </h3>
            <PlayingNow playlist={group.playlist} forScreen listLabel={t('playingNow.listOn', { screens: title })} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What plays now on the venue's screens, grouped by screen: a campaign for the whole venue
 * plays on every screen, one on chosen screens (or groups) only there, and an advertiser's
 * spots only on the screens they are booked on. With no screens (or their list unreadable)
 * it shows the venue's playlist as a whole.
 */
export function PlayingNowByScreen() {
  const screens = useQuery(venueScreensQueryOptions());
  if (screens.isPending) return <Loading />;
  const playing = (screens.data ?? []).filter((screen) => !screen.revoked);
  if (playing.length === 0) return <NowPlaying customerId={null} />;
  return <ScreensPlaying screens={playing} />;
}
