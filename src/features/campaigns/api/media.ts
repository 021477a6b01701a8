// Slide files: images in the ad-images bucket and videos in ad-videos. The media library's
// list (both buckets, newest first), batched signed links, thumbnails by Storage's image
// transformation, a video's facts, uploads with unique names, renames and deletions. A
// video's upload keeps its length and size as the object's user metadata and puts its
// poster frame beside the images (posters/<video name>.jpg), which follows the video when it
// is renamed or deleted.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { contentMatchesType } from '@/lib/file-signature';
import { intlLocale, translate } from '@/i18n';
import { formatNumber } from '@/lib/format';
import { renamedPath, signedUrls, uniqueFileName, uploadFile } from '@/lib/storage';
import { mediaFileName } from '@/entities/slide/media-name';
import { invalidateTable } from '@/entities/query-keys/table-keys';
import { supabase } from '@/lib/supabase';
import {
  AD_IMAGES_BUCKET,
  AD_VIDEOS_BUCKET,
  bucketOf,
  MEDIA_MAX_BYTES,
  mediaKindOfType,
  posterPath,
  SLIDE_IMAGE_LINK_SECONDS,
  slideMediaUrl,
  slideThumbnailUrl,
  type SlideMedia,
} from '@/entities/slide/slide-images';
import type { MediaKind } from '@/entities/slide/slide';
import { tableKeys } from '@/entities/query-keys/table-keys';
import { readVideoFile, readVideoUrl, type VideoFacts } from '../lib/video-file';

const SIGNED_URL_SECONDS = SLIDE_IMAGE_LINK_SECONDS;
export const MEDIA_LIST_LIMIT = 100;
export const MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;

/** A file of the media library. */
export interface MediaItem {
  id: string;
  /** The name it was uploaded with (or renamed to), without its extension. */
  title: string;
  /** The file name (its path in its bucket). */
  imageUrl: string;
  kind: MediaKind;
  advertiserName: 'Uploaded Media';
  createdAt: string;
  /** A picture of it: the image, or a video's poster frame. */
  signedUrl: string | null;
  /** Its size in bytes, when Storage says. */
  size: number | null;
}

/** What the editor gets when a file is chosen or uploaded: the file, and a video's facts when known. */
export interface MediaChoice extends SlideMedia {
  video?: VideoFacts;
}

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';
export const isMediaFile = (name: string) => (MEDIA_EXTENSIONS as readonly string[]).includes(extensionOf(name));
export const isVideoFile = (name: string) => (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(name));

async function listBucket(bucket: typeof AD_IMAGES_BUCKET | typeof AD_VIDEOS_BUCKET) {
  const { data, error } = await supabase.storage.from(bucket).list('', {
    limit: MEDIA_LIST_LIMIT,
    offset: 0,
    sortBy: { column: 'created_at', order: 'desc' },
  });
  return error || !data ? [] : data.filter((file) => file.id !== null);
}

/** The media library: images and videos, newest first; a bucket that cannot be listed lists nothing. */
export async function listMedia(): Promise<MediaItem[]> {
  const [images, videos] = await Promise.all([listBucket(AD_IMAGES_BUCKET), listBucket(AD_VIDEOS_BUCKET)]);
  const files = [
    ...images.filter((file) => isMediaFile(file.name)).map((file) => ({ file, kind: 'image' as const })),
    ...videos.filter((file) => isVideoFile(file.name)).map((file) => ({ file, kind: 'video' as const })),
  ]
    .sort((a, b) => (b.file.created_at ?? '').localeCompare(a.file.created_at ?? ''))
    .slice(0, MEDIA_LIST_LIMIT);
  const picture = ({ file, kind }: (typeof files)[number]) => (kind === 'video' ? posterPath(file.name) : file.name);
  // One batched request for every picture (images and posters are all in ad-images).
  const links = await signedUrls(AD_IMAGES_BUCKET, files.map(picture), SIGNED_URL_SECONDS);
  return files.map((entry) => {
    const size: unknown = (entry.file.metadata as Record<string, unknown> | null)?.size;
    return {
      id: entry.file.id ?? entry.file.name,
      title: mediaFileName(entry.file.name),
      imageUrl: entry.file.name,
      kind: entry.kind,
      advertiserName: 'Uploaded Media',
      createdAt: entry.file.created_at ?? '',
      signedUrl: links.get(picture(entry)) ?? null,
      size: typeof size === 'number' ? size : null,
    };
  });
}

/** A stored video's length and size: from its upload's metadata, else read from the video itself. */
export async function videoFacts(path: string): Promise<VideoFacts | null> {
  const { data } = await supabase.storage.from(AD_VIDEOS_BUCKET).info(path);
  const meta = (data?.metadata ?? {}) as Record<string, unknown>;
  if (typeof meta.duration === 'number' && meta.duration > 0) {
    return {
      duration: meta.duration,
      width: typeof meta.width === 'number' ? meta.width : 0,
      height: typeof meta.height === 'number' ? meta.height : 0,
    };
  }
  const link = await slideMediaUrl({ path, kind: 'video' });
  return link ? readVideoUrl(link).catch(() => null) : null;
}

export const mediaKeys = {
  all: tableKeys.ad_images,
  list: () => queryOptions({ queryKey: [...mediaKeys.all, 'list'] as const, queryFn: listMedia, staleTime: 0 }),
  signedUrl: (path: string, kind: MediaKind = 'image') =>
    queryOptions({
      queryKey: [...mediaKeys.all, 'signed', kind, path] as const,
      queryFn: () => slideMediaUrl({ path, kind }),
      // Refresh well before the link expires.
      staleTime: (SIGNED_URL_SECONDS - 300) * 1000,
    }),
  thumbnail: (path: string, kind: MediaKind) =>
    queryOptions({
      queryKey: [...mediaKeys.all, 'thumbnail', kind, path] as const,
      queryFn: () => slideThumbnailUrl({ path, kind }),
      staleTime: (SIGNED_URL_SECONDS - 300) * 1000,
    }),
  video: (path: string) =>
    queryOptions({
      queryKey: [...mediaKeys.all, 'video', path] as const,
      queryFn: () => videoFacts(path),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

const MB = 1024 * 1024;
/** A size in MB as people read it (one decimal under 10 MB), in the current language ('5,0 MB'). */
export function megabytes(bytes: number, digits = bytes < 10 * MB ? 1 : 0): string {
  const value = formatNumber(bytes / MB, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return translate('builder:media.megabytes', { value });
}

/** '2.3 MB', '830 KB' or '512 B' in the current language ('2,3 MB'). */
export function fileSize(bytes: number): string {
  if (bytes >= MB) return megabytes(bytes, 1);
  if (bytes >= 1024) return translate('builder:media.kilobytes', { value: formatNumber(Math.round(bytes / 1024)) });
  return translate('builder:media.bytes', { value: formatNumber(bytes) });
}

/** The message for a file the slide editor cannot take, or null when it can. */
export function refusalOf(file: Pick<File, 'type' | 'size'>): string | null {
  const kind = mediaKindOfType(file.type);
  if (!kind) return translate('builder:media.wrongType');
  if (file.size > MEDIA_MAX_BYTES[kind]) {
    return translate(kind === 'video' ? 'builder:media.videoTooLarge' : 'builder:media.imageTooLarge', {
      size: megabytes(file.size),
      max: megabytes(MEDIA_MAX_BYTES[kind]),
    });
  }
  return null;
}

/**
 * Why the slide editor cannot take `file` (its type, its size, or bytes that are not the
 * image its name claims, such as a text file renamed photo.png), or null when it can.
 */
export async function checkSlideFile(file: File): Promise<string | null> {
  const refusal = refusalOf(file);
  if (refusal) return refusal;
  return (await contentMatchesType(file)) ? null : translate('builder:media.notTheImage');
}

/** Storage's refusal of an upload in the words the editor shows at the field. */
function uploadError(error: unknown, kind: MediaKind): Error {
  const message = error instanceof Error ? error.message : '';
  if (/maximum allowed size/i.test(message)) {
    return new Error(
      translate(kind === 'video' ? 'builder:media.videoOverStorage' : 'builder:media.imageOverStorage', {
        max: megabytes(MEDIA_MAX_BYTES[kind]),
      }),
    );
  }
  if (/mime type .* is not supported/i.test(message)) {
    return new Error(translate('builder:media.storageType'));
  }
  if (error instanceof Error) return error;
  return new Error(translate(kind === 'video' ? 'builder:media.videoUploadFailed' : 'builder:media.imageUploadFailed'));
}

/**
 * Uploads a slide file under a unique name. A video is read first (its length, size and a
 * poster frame); the poster is stored beside the images. Resolves to what was stored.
 */
async function uploadSlideMedia(file: File): Promise<MediaChoice> {
  const refusal = await checkSlideFile(file);
  if (refusal) throw new Error(refusal);
  const kind = mediaKindOfType(file.type)!;
  const name = uniqueFileName(file);
  if (kind === 'image') {
    const path = await uploadFile(AD_IMAGES_BUCKET, name, file).catch((error: unknown) => {
      throw uploadError(error, kind);
    });
    return { path, kind };
  }
  const { poster, ...video } = await readVideoFile(file);
  const path = await uploadFile(AD_VIDEOS_BUCKET, name, file, { ...video }).catch((error: unknown) => {
    throw uploadError(error, kind);
  });
  // Without a poster the video still plays; the timeline and library show an icon for it.
  if (poster) {
    await uploadFile(
      AD_IMAGES_BUCKET,
      posterPath(path),
      new File([poster], 'poster.jpg', { type: 'image/jpeg' }),
    ).catch(() => undefined);
  }
  return { path, kind, video };
}

export function useUploadSlideMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSlideMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

/** Campaign names as a list in the current language ('Cafe, Gym'). */
export const campaignList = (names: readonly string[]) =>
  new Intl.ListFormat(intlLocale(), { style: 'short', type: 'unit' }).format(names);

/** rename_slide_image's refusals in the current language; anything else in the server's words. */
function renameErrorText(error: { code?: string; message?: string }): string {
  if (error.code === '42501') return translate('builder:library.renameNotAllowed');
  if (error.code === '22023') return translate('builder:library.nameRequired');
  return error.message || translate('builder:library.renameFailed');
}

/** The slides that show a library file (with or without the legacy 'slides/' prefix), by campaign. */
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

/**
 * Deletes a library file that no slide shows (the dialog checks first; a slide's file is
 * never pulled from under it); a video's poster frame goes with it.
 */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, kind }: SlideMedia) => {
      const usage = await mediaUsage(path);
      if (usage.slides > 0)
        throw new Error(
          translate('builder:library.stillShown', { count: usage.slides, campaigns: campaignList(usage.campaigns) }),
        );
      const { error } = await supabase.storage.from(bucketOf(kind)).remove([path]);
      if (error) throw error;
      if (kind === 'video') await supabase.storage.from(AD_IMAGES_BUCKET).remove([posterPath(path)]);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

/**
 * Renames a library file: its object moves to the new name (keeping its unique part), then
 * every slide showing it follows (rename_slide_image). If the slides cannot follow, the file
 * moves back, so no slide loses its file. A video's poster frame follows it.
 */
export async function renameMedia({ path, kind, name }: SlideMedia & { name: string }): Promise<string> {
  const to = renamedPath(path, name.trim());
  if (to === path) return path;
  const bucket = supabase.storage.from(bucketOf(kind));
  const moved = await bucket.move(path, to);
  if (moved.error) throw moved.error;
  const { error } = await supabase.rpc('rename_slide_image', { p_from: path, p_to: to });
  if (error) {
    await bucket.move(to, path);
    throw new Error(renameErrorText(error), { cause: error });
  }
  // Without its poster a video still plays; the library and timeline show an icon instead.
  if (kind === 'video') await supabase.storage.from(AD_IMAGES_BUCKET).move(posterPath(path), posterPath(to));
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
