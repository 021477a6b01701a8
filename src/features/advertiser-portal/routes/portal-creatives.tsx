// The advertiser's creatives: its ads and the slides that show them, with their pictures and
// videos (signed links the Storage policies grant for the advertiser's own files only).
import { useQuery } from '@tanstack/react-query';
import { Film, ImageOff, Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { slideThumbnailUrl } from '@/entities/slide/slide-images';
import { formatNumber } from '@/lib/format';
import { uploadedFileName } from '@/entities/advertiser/file-names';
import { portalCreativesQueryOptions, portalKeys, type CreativeSlide } from '../api/portal-queries';

const AD_STATUSES = ['active', 'pending', 'paused', 'other'] as const;
const isAdStatus = (status: string): status is (typeof AD_STATUSES)[number] =>
  (AD_STATUSES as readonly string[]).includes(status);

function Thumbnail({ slide }: { slide: CreativeSlide }) {
  const { t } = useTranslation('advertiserPortal');
  const kind = slide.media_kind === 'video' ? 'video' : 'image';
  const link = useQuery({
    queryKey: [...portalKeys.creatives(), 'thumbnail', kind, slide.image_url],
    queryFn: () => slideThumbnailUrl({ path: slide.image_url!, kind }),
    enabled: Boolean(slide.image_url),
    staleTime: 30 * 60_000,
  });
  const label = slide.title || t('untitledSlide');
  if (link.data) {
    return <img src={link.data} alt={label} className="aspect-video w-full rounded-md bg-gray-100 object-cover" />;
  }
  const Icon = kind === 'video' ? Film : ImageOff;
  return (
    <span className="flex aspect-video w-full items-center justify-center rounded-md bg-gray-100 text-gray-400">
      <Icon
        aria-label={t(slide.image_url ? 'creatives.pictureUnavailable' : 'creatives.textOnly', { title: label })}
        className="size-6"
      />
    </span>
  );
}

/** The slide's picture or video by the name it was uploaded with (when its stored name keeps one). */
function FileName({ path }: { path: string | null }) {
  const name = uploadedFileName(path);
  if (!name) return null;
  return (
    <p className="truncate text-xs text-gray-500" title={name}>
      {name}
    </p>
  );
}

function Slides({ slides }: { slides: CreativeSlide[] }) {
  const { t } = useTranslation('advertiserPortal');
  if (slides.length === 0) return <p className="text-sm text-gray-500">{t('creatives.noSlides')}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {slides.map((s) => (
        <li key={s.id} className="space-y-1">
          <Thumbnail slide={s} />
          <p className="truncate text-sm text-gray-900">{s.title || t('untitledSlide')}</p>
          <p className="text-xs text-gray-500">
            {t(s.media_kind === 'video' ? 'creatives.video' : 'creatives.image', {
              seconds: formatNumber(s.duration),
            })}
          </p>
          <FileName path={s.image_url} />
        </li>
      ))}
    </ul>
  );
}

export function PortalCreativesRoute() {
  const { t } = useTranslation('advertiserPortal');
  const adStatusLabel = (status: string) => (isAdStatus(status) ? t(`adStatus.${status}`) : status);
  const creatives = useQuery(portalCreativesQueryOptions());
  let body;
  if (creatives.isPending) {
    body = (
      <LoadingRegion label={t('creatives.loading')} className="space-y-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </LoadingRegion>
    );
  } else if (creatives.isError) {
    body = (
      <ErrorState
        title={t('creatives.error')}
        error={creatives.error}
        onRetry={() => void creatives.refetch()}
        isRetrying={creatives.isRefetching}
      />
    );
  } else if (creatives.data.ads.length === 0 && creatives.data.unassigned.length === 0) {
    body = (
      <EmptyState icon={Images} title={t('creatives.empty.title')} description={t('creatives.empty.description')} />
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
              <Badge tone={ad.status === 'active' ? 'success' : 'neutral'}>{adStatusLabel(ad.status)}</Badge>
            </div>
            <Slides slides={ad.slides} />
          </section>
        ))}
        {creatives.data.unassigned.length > 0 && (
          <section
            aria-label={t('creatives.otherSlides')}
            className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
          >
            <h2 className="text-base font-semibold text-gray-900">{t('creatives.otherSlides')}</h2>
            <Slides slides={creatives.data.unassigned} />
          </section>
        )}
      </div>
    );
  }
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">{t('creatives.title')}</h1>
        <p className="text-sm text-gray-500">{t('creatives.description')}</p>
      </div>
      {body}
    </>
  );
}
