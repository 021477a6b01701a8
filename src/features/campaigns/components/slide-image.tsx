import { useQuery } from '@tanstack/react-query';
import { Film, ImageOff } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useInView } from '@/hooks/use-in-view';
import type { MediaKind } from '@/entities/slide/slide';
import { posterPath } from '@/entities/slide/slide-images';
import { cn } from '@/utils/cn';
import { mediaKeys } from '../api/media';
import { formatDuration } from '@/lib/format';

export interface SlideImageProps {
  path: string;
  /** An image (the default) or a video, shown by its poster frame. */
  kind?: MediaKind;
  alt: string;
  className?: string;
}

function Unavailable({ kind, className }: { kind: MediaKind; className?: string }) {
  const { t } = useTranslation('builder');
  const Icon = kind === 'video' ? Film : ImageOff;
  return (
    <div
      className={cn(
        'flex h-full w-full flex-col items-center justify-center gap-1 bg-gray-100 text-xs text-gray-500',
        className,
      )}
    >
      <Icon aria-hidden className="size-5" />
      {kind === 'video' ? t('image.noPoster') : t('image.unavailable')}
    </div>
  );
}

/**
 * A slide's picture in the editor: an image through a signed link (3600 s), retried without
 * a leading 'slides/'; a video by its poster frame, with its length.
 */
export function SlideImage({ path, kind = 'image', alt, className }: SlideImageProps) {
  const { t } = useTranslation('builder');
  const link = useQuery(mediaKeys.signedUrl(kind === 'video' ? posterPath(path) : path));
  const facts = useQuery({ ...mediaKeys.video(path), enabled: kind === 'video' });
  if (link.isPending) return <Skeleton className={cn('h-full w-full', className)} />;
  const length = facts.data ? formatDuration(Math.round(facts.data.duration)) : null;
  return (
    <div className={cn('relative h-full w-full', className)}>
      {link.data ? (
        <img src={link.data} alt={alt} className="h-full w-full object-cover" />
      ) : (
        <Unavailable kind={kind} />
      )}
      {kind === 'video' && (
        <span className="absolute right-1 bottom-1 inline-flex items-center gap-1 rounded bg-gray-900/75 px-1.5 py-0.5 text-xs text-white">
          <Film aria-hidden className="size-3" />
          {length ? <span>{t('image.videoLength', { length })}</span> : t('image.video')}
        </span>
      )}
    </div>
  );
}

/**
 * A small picture of a slide for the timeline: a rendering made by Storage's image
 * transformation (never the whole file), asked for once the row comes near the screen.
 * `label` names the file (its tooltip and what a screen reader hears).
 */
export function SlideThumbnail({
  path,
  kind,
  label,
  className,
}: {
  path: string;
  kind: MediaKind;
  label?: string;
  className?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const inView = useInView(ref);
  const link = useQuery({ ...mediaKeys.thumbnail(path, kind), enabled: inView });
  const Icon = kind === 'video' ? Film : ImageOff;
  return (
    <span
      ref={ref}
      title={label}
      className={cn(
        'relative flex h-9 w-16 shrink-0 items-center justify-center overflow-hidden rounded bg-gray-100',
        className,
      )}
    >
      {link.data ? (
        <img src={link.data} alt="" loading="lazy" className="h-full w-full object-cover" />
      ) : link.isPending ? null : (
        <Icon aria-hidden className="size-4 text-gray-400" />
      )}
      {kind === 'video' && (
        <Film aria-hidden className="absolute right-0.5 bottom-0.5 size-3 rounded-sm bg-gray-900/70 p-px text-white" />
      )}
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
