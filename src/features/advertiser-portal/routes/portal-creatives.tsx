// The advertiser's creatives: its ads and the slides that show them, with their pictures and
// videos (signed links the Storage policies grant for the advertiser's own files only).
import { useQuery } from '@tanstack/react-query';
import { Film, ImageOff, Images } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { slideThumbnailUrl } from '@/entities/slide/slide-images';
import { formatLabel } from '@/lib/format';
import { portalCreativesQueryOptions, portalKeys, type CreativeSlide } from '../api/portal-queries';

function Thumbnail({ slide }: { slide: CreativeSlide }) {
  const kind = slide.media_kind === 'video' ? 'video' : 'image';
  const link = useQuery({
    queryKey: [...portalKeys.creatives(), 'thumbnail', kind, slide.image_url],
    queryFn: () => slideThumbnailUrl({ path: slide.image_url!, kind }),
    enabled: Boolean(slide.image_url),
    staleTime: 30 * 60_000,
  });
  const label = slide.title || 'Untitled Slide';
  if (link.data) {
    return <img src={link.data} alt={label} className="aspect-video w-full rounded-md bg-gray-100 object-cover" />;
  }
  const Icon = kind === 'video' ? Film : ImageOff;
  return (
    <span className="flex aspect-video w-full items-center justify-center rounded-md bg-gray-100 text-gray-400">
      <Icon aria-label={slide.image_url ? `${label}: picture unavailable` : `${label}: text only`} className="size-6" />
    </span>
  );
}

function Slides({ slides }: { slides: CreativeSlide[] }) {
  if (slides.length === 0) return <p className="text-sm text-gray-500">No slide shows this ad yet.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {slides.map((s) => (
        <li key={s.id} className="space-y-1">
          <Thumbnail slide={s} />
          <p className="truncate text-sm text-gray-900">{s.title || 'Untitled Slide'}</p>
          <p className="text-xs text-gray-500">
            {s.media_kind === 'video' ? 'Video' : 'Image'} · {s.duration} s
          </p>
        </li>
      ))}
    </ul>
  );
}

export function PortalCreativesRoute() {
  const creatives = useQuery(portalCreativesQueryOptions());
  let body;
  if (creatives.isPending) {
    body = (
      <LoadingRegion label="Loading your creatives" className="space-y-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </LoadingRegion>
    );
  } else if (creatives.isError) {
    body = (
      <ErrorState
        title="Your creatives could not be loaded"
        error={creatives.error}
        onRetry={() => void creatives.refetch()}
        isRetrying={creatives.isRefetching}
      />
    );
  } else if (creatives.data.ads.length === 0 && creatives.data.unassigned.length === 0) {
    body = (
      <EmptyState icon={Images} title="No creatives yet" description="Your ads show here once the network adds them." />
    );
  } else {
    body = (
      <div className="space-y-6">
        {creatives.data.ads.map((ad) => (
          <section
            key={ad.id}
            aria-label={ad.title}
            className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
          >
            <div className="flex items-center gap-2">
              <h2 className="text-base font-semibold text-gray-900">{ad.title}</h2>
              <Badge tone={ad.status === 'active' ? 'success' : 'neutral'}>{formatLabel(ad.status)}</Badge>
            </div>
            <Slides slides={ad.slides} />
          </section>
        ))}
        {creatives.data.unassigned.length > 0 && (
          <section
            aria-label="Other slides of your network campaigns"
            className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
          >
            <h2 className="text-base font-semibold text-gray-900">Other slides of your network campaigns</h2>
            <Slides slides={creatives.data.unassigned} />
          </section>
        )}
      </div>
    );
  }
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Creatives</h1>
        <p className="text-sm text-gray-500">Your ads and the slides that show them.</p>
      </div>
      {body}
    </>
  );
}
