import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/utils/cn';
import { mediaKeys } from '../api/media';

export interface SlideImageProps {
  path: string;
  alt: string;
  className?: string;
}

/** A slide image through a signed link (3600 s), retried without a leading 'slides/'. */
export function SlideImage({ path, alt, className }: SlideImageProps) {
  const link = useQuery(mediaKeys.signedUrl(path));
  if (link.isPending) return <Skeleton className={cn('h-full w-full', className)} />;
  if (!link.data) {
    return (
      <div
        className={cn(
          'flex h-full w-full flex-col items-center justify-center gap-1 bg-gray-100 text-xs text-gray-500',
          className,
        )}
      >
        <ImageOff aria-hidden className="size-5" />
        Image unavailable
      </div>
    );
  }
  return <img src={link.data} alt={alt} className={cn('h-full w-full object-cover', className)} />;
}
