// Slide images in the ad-images bucket: the media library's list, batched signed links,
// uploads with unique names and the signed link of one slide image.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { displayFileName, renamedPath, signedUrls, uniqueFileName, uploadFile } from '@/lib/storage';
import { invalidateTable } from '@/entities/query-keys/table-keys';
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
  /** The name it was uploaded with (or renamed to), without its extension. */
  title: string;
  /** The file name (its path in the bucket). */
  imageUrl: string;
  advertiserName: 'Uploaded Media';
  createdAt: string;
  signedUrl: string | null;
  /** Its size in bytes, when Storage says. */
  size: number | null;
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
  return files.map((file) => {
    const size: unknown = (file.metadata as Record<string, unknown> | null)?.size;
    return {
      id: file.id ?? file.name,
      title: displayFileName(file.name).replace(/\.[^.]+$/, ''),
      imageUrl: file.name,
      advertiserName: 'Uploaded Media',
      createdAt: file.created_at ?? '',
      signedUrl: links.get(file.name) ?? null,
      size: typeof size === 'number' ? size : null,
    };
  });
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

/** The slides that show a library image (with or without the legacy 'slides/' prefix), by campaign. */
export async function mediaUsage(path: string): Promise<{ slides: number; campaigns: string[] }> {
  const { data } = await supabase
    .from('campaign_items')
    .select('id, campaigns(name)')
    .in('image_url', [path, `slides/${path}`])
    .throwOnError();
  const campaigns = [
    ...new Set(data.map((row) => row.campaigns?.name).filter((name): name is string => Boolean(name))),
  ];
  return { slides: data.length, campaigns };
}

export const mediaUsageOptions = (path: string) =>
  queryOptions({ queryKey: [...mediaKeys.all, 'usage', path] as const, queryFn: () => mediaUsage(path), staleTime: 0 });

/** Deletes a library image that no slide shows (the dialog checks first; a slide's image is never pulled from under it). */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (path: string) => {
      const usage = await mediaUsage(path);
      if (usage.slides > 0)
        throw new Error(
          `Still shown by ${usage.slides === 1 ? 'a slide' : `${usage.slides} slides`} of ${usage.campaigns.join(', ')}.`,
        );
      const { error } = await supabase.storage.from(AD_IMAGES).remove([path]);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

/**
 * Renames a library image: its object moves to the new name (keeping its unique part), then
 * every slide showing it follows (rename_slide_image). If the slides cannot follow, the file
 * moves back, so no slide loses its image.
 */
export async function renameMedia({ path, name }: { path: string; name: string }): Promise<string> {
  const to = renamedPath(path, name.trim());
  if (to === path) return path;
  const moved = await supabase.storage.from(AD_IMAGES).move(path, to);
  if (moved.error) throw moved.error;
  const { error } = await supabase.rpc('rename_slide_image', { p_from: path, p_to: to });
  if (error) {
    await supabase.storage.from(AD_IMAGES).move(to, path);
    throw new Error(error.message || 'Failed to rename the file', { cause: error });
  }
  return to;
}

export function useRenameMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameMedia,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
        invalidateTable(queryClient, 'campaign_items'),
      ]),
  });
}
