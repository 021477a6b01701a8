// Slide images in the ad-images bucket: the media library's list, batched signed links,
// uploads with unique names and the signed link of one slide image.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { signedUrls, uniqueFileName, uploadFile } from '@/lib/storage';
import { supabase } from '@/lib/supabase';
import { AD_IMAGES_BUCKET, SLIDE_IMAGE_LINK_SECONDS, slideImageUrl } from '@/entities/slide/slide-images';
import { tableKeys } from '@/entities/query-keys/table-keys';

const AD_IMAGES = AD_IMAGES_BUCKET;
const SIGNED_URL_SECONDS = SLIDE_IMAGE_LINK_SECONDS;
export const MEDIA_LIST_LIMIT = 100;
export const MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

/** A file of the media library. */
export interface MediaItem {
  id: string;
  /** The file name without its extension. */
  title: string;
  /** The file name (its path in the bucket). */
  imageUrl: string;
  advertiserName: 'Uploaded Media';
  createdAt: string;
  signedUrl: string | null;
}

export const isMediaFile = (name: string) =>
  (MEDIA_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

/** The media library: newest first, images only; a failed list is an empty list. */
export async function listMedia(): Promise<MediaItem[]> {
  const { data, error } = await supabase.storage.from(AD_IMAGES).list('', {
    limit: MEDIA_LIST_LIMIT,
    offset: 0,
    sortBy: { column: 'created_at', order: 'desc' },
  });
  if (error || !data) return [];
  const files = data.filter((file) => file.id !== null && isMediaFile(file.name));
  // One batched request for every thumbnail.
  const links = await signedUrls(
    AD_IMAGES,
    files.map((file) => file.name),
    SIGNED_URL_SECONDS,
  );
  return files.map((file) => ({
    id: file.id ?? file.name,
    title: file.name.replace(/\.[^.]+$/, ''),
    imageUrl: file.name,
    advertiserName: 'Uploaded Media',
    createdAt: file.created_at ?? '',
    signedUrl: links.get(file.name) ?? null,
  }));
}

export const mediaKeys = {
  all: tableKeys.ad_images,
  list: () => queryOptions({ queryKey: [...mediaKeys.all, 'list'] as const, queryFn: listMedia, staleTime: 0 }),
  signedUrl: (path: string) =>
    queryOptions({
      queryKey: [...mediaKeys.all, 'signed', path] as const,
      queryFn: () => slideImageUrl(path),
      // Refresh well before the link expires.
      staleTime: (SIGNED_URL_SECONDS - 300) * 1000,
    }),
};

/** Uploads a slide image under a unique name; resolves to its path in the bucket. */
async function uploadSlideImage(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error('Please choose an image file');
  return uploadFile(AD_IMAGES, uniqueFileName(file), file);
}

export function useUploadSlideImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSlideImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
