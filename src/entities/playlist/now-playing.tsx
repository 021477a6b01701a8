import { useQuery } from '@tanstack/react-query';
import { MonitorOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { formatDuration, formatLabel, formatNumber } from '@/lib/format';
import { SLIDE_TYPES, type SlideType } from '../slide/slide';
import { loopOrder } from './loop';
import { playlistQueryOptions, type Playlist, type PlaylistSlide } from './playlist';

/**
 * What plays now at a venue, as player_playlist() decides it: the slides in playing order
 * with their durations, and the advertisers' spots booked in its screens' loops. `customerId`
 * null reads the signed-in venue's own playlist.
 */
export function NowPlaying({ customerId }: { customerId: string | null }) {
  const { t } = useTranslation('customers');
  const query = useQuery(playlistQueryOptions(customerId));
  return (
    <QueryBoundary
      query={query}
      loading={
        <LoadingRegion label={t('nowPlaying.loading')}>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-2 h-5 w-64" />
        </LoadingRegion>
      }
      error={t('nowPlaying.error')}
    >
      {(playlist) => <PlayingNow playlist={playlist} />}
    </QueryBoundary>
  );
}

/** A slide type as people read it ('Business info'), in the current language. */
function useSlideTypeLabel() {
  const { t } = useTranslation('customers');
  return (type: string) =>
    (SLIDE_TYPES as readonly string[]).includes(type)
      ? t(`nowPlaying.slideTypes.${type as SlideType}`)
      : formatLabel(type);
}

/** Advertisers' network campaigns booked in the loops of the venue's screens, on air now. */
function BookedSpots({ playlist, showScreens }: { playlist: Playlist; showScreens: boolean }) {
  const { t } = useTranslation('customers');
  const spots = (playlist.spots ?? []).filter((spot) => spot.on_air);
  if (spots.length === 0) return null;
  return (
    <div className="space-y-1">
      <p className="text-sm text-gray-600">{t('nowPlaying.spotsIntro')}</p>
      <ul aria-label={t('nowPlaying.spotsLabel')} className="space-y-1 text-sm text-gray-900">
        {spots.map((spot) => (
          <li key={spot.campaign_id} className="flex flex-wrap gap-x-2">
            <span className="font-medium">{spot.campaign_name}</span>
            <span className="text-gray-500">
              {spot.advertiser_name ? t('nowPlaying.spotAdvertiser', { advertiser: spot.advertiser_name }) : ''}
              {showScreens
                ? t('nowPlaying.spotMeta', {
                    count: spot.spots_per_loop,
                    seconds: formatNumber(spot.spot_seconds),
                    screens: t('nowPlaying.screens', { count: spot.device_ids.length }),
                  })
                : t('nowPlaying.spotMetaOnScreen', {
                    count: spot.spots_per_loop,
                    seconds: formatNumber(spot.spot_seconds),
                  })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface PlayingNowProps {
  playlist: Playlist;
  /**
   * Read for one screen: its spots are said without the count of screens they are booked on
   * (that screen's own loop). By default the venue's whole playlist.
   */
  forScreen?: boolean;
  /** Names the list of slides (default 'Playing now'). */
  listLabel?: string;
}

/** The slides on air in a playlist, in playing order, with the loop's length and the advertisers' spots. */
export function PlayingNow({ playlist, forScreen = false, listLabel }: PlayingNowProps) {
  const { t } = useTranslation('customers');
  const slideType = useSlideTypeLabel();
  const { customer, today } = playlist;
  // On air at the time of the read, as the server decided it, in the order screens play them.
  const slides: PlaylistSlide[] = loopOrder(playlist.slides.filter((slide) => slide.on_air !== false));
  if (slides.length === 0) {
    return (
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-sm text-gray-500">
          <MonitorOff aria-hidden className="size-4" />
          {playlist.slides.length === 0 ? t('nowPlaying.nothingToday') : t('nowPlaying.nothingNow')}
        </p>
        <BookedSpots playlist={playlist} showScreens={!forScreen} />
      </div>
    );
  }
  const total = slides.reduce((sum, slide) => sum + slide.duration, 0);
  const summary =
    today && customer
      ? t('nowPlaying.summaryOn', {
          count: slides.length,
          duration: formatDuration(total),
          day: today,
          zone: customer.time_zone.replaceAll('_', ' '),
        })
      : t('nowPlaying.summary', { count: slides.length, duration: formatDuration(total) });
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">{summary}</p>
      <ol aria-label={listLabel ?? t('nowPlaying.listLabel')} className="space-y-1 text-sm text-gray-900">
        {slides.map((slide, index) => (
          <li key={`${slide.id}-${index}`} className="flex gap-2">
            <span className="w-6 shrink-0 text-right text-gray-500">{formatNumber(index + 1)}.</span>
            <span className="font-medium">{slide.title || t('nowPlaying.untitled')}</span>
            <span className="text-gray-500">
              {t('nowPlaying.slideMeta', { type: slideType(slide.slide_type), seconds: formatNumber(slide.duration) })}
            </span>
          </li>
        ))}
      </ol>
      <BookedSpots playlist={playlist} showScreens={!forScreen} />
    </div>
  );
}
