import { useQuery } from '@tanstack/react-query';
import { MonitorOff } from 'lucide-react';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { formatDuration, formatLabel } from '@/lib/format';
import { loopOrder } from './loop';
import { playlistQueryOptions, type Playlist } from './playlist';

/**
 * What plays now at a venue, as player_playlist() decides it: the slides in playing order
 * with their durations, and the advertisers' spots booked in its screens' loops. `customerId`
 * null reads the signed-in venue's own playlist.
 */
export function NowPlaying({ customerId }: { customerId: string | null }) {
  const query = useQuery(playlistQueryOptions(customerId));
  return (
    <QueryBoundary
      query={query}
      loading={
        <LoadingRegion label="Loading what plays now...">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-2 h-5 w-64" />
        </LoadingRegion>
      }
      error="Could not load what plays now"
    >
      {(playlist) => <PlayingNow playlist={playlist} />}
    </QueryBoundary>
  );
}

/** Advertisers' network campaigns booked in the loops of the venue's screens, on air now. */
function BookedSpots({ playlist }: { playlist: Playlist }) {
  const spots = (playlist.spots ?? []).filter((spot) => spot.on_air);
  if (spots.length === 0) return null;
  return (
    <div className="space-y-1">
      <p className="text-sm text-gray-600">Advertisers&rsquo; spots in the loop:</p>
      <ul aria-label="Advertisers’ spots" className="space-y-1 text-sm text-gray-900">
        {spots.map((spot) => (
          <li key={spot.campaign_id} className="flex flex-wrap gap-x-2">
            <span className="font-medium">{spot.campaign_name}</span>
            <span className="text-gray-500">
              {spot.advertiser_name ? `· ${spot.advertiser_name} ` : ''}· {spot.spots_per_loop}{' '}
              {spot.spots_per_loop === 1 ? 'spot' : 'spots'} of {spot.spot_seconds}s per loop · on{' '}
              {spot.device_ids.length} {spot.device_ids.length === 1 ? 'screen' : 'screens'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlayingNow({ playlist }: { playlist: Playlist }) {
  const { customer, today } = playlist;
  // On air at the time of the read, as the server decided it, in the order screens play them.
  const slides = loopOrder(playlist.slides.filter((slide) => slide.on_air !== false));
  if (slides.length === 0) {
    return (
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-sm text-gray-500">
          <MonitorOff aria-hidden className="size-4" />
          {playlist.slides.length === 0 ? 'No campaign plays today.' : 'No campaign is on air right now.'}
        </p>
        <BookedSpots playlist={playlist} />
      </div>
    );
  }
  const total = slides.reduce((sum, slide) => sum + slide.duration, 0);
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">
        {slides.length} {slides.length === 1 ? 'slide' : 'slides'}, {formatDuration(total)} per loop
        {today && customer ? ` (${today}, ${customer.time_zone.replaceAll('_', ' ')})` : ''}
      </p>
      <ol aria-label="Playing now" className="space-y-1 text-sm text-gray-900">
        {slides.map((slide, index) => (
          <li key={`${slide.id}-${index}`} className="flex gap-2">
            <span className="w-6 shrink-0 text-right text-gray-500">{index + 1}.</span>
            <span className="font-medium">{slide.title || 'Untitled Slide'}</span>
            <span className="text-gray-500">
              · {formatLabel(slide.slide_type)} · {slide.duration}s
            </span>
          </li>
        ))}
      </ol>
      <BookedSpots playlist={playlist} />
    </div>
  );
}
