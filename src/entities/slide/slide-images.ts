// A slide's file: an image of the ad-images bucket or a video of the ad-videos bucket,
// shown through signed links that last an hour. Older slides stored an image path with a
// leading 'slides/' that the bucket does not have; such a path that cannot be signed is
// tried once more without it. Each video has a poster frame in ad-images beside the images
// (posters/<video name>.jpg), made when it was uploaded.
import { signedUrl, signedUrls, type ImageTransform } from '@/lib/storage';
import { MEDIA_BUCKETS, MEDIA_MIME_TYPES } from './media-limits';
import { mediaKindOf, type MediaKind } from './slide';

export { MEDIA_MAX_BYTES, MEDIA_MIME_TYPES } from './media-limits';

export const AD_IMAGES_BUCKET = MEDIA_BUCKETS.image;
export const AD_VIDEOS_BUCKET = MEDIA_BUCKETS.video;
/** Lifetime of slide file links (seconds). */
export const SLIDE_IMAGE_LINK_SECONDS = 3600;
/** The folder older slides put in front of their image path. */
export const LEGACY_SLIDE_FOLDER = 'slides/';

/** A slide's file: where it is and what it is. */
export interface SlideMedia {
  path: string;
  kind: MediaKind;
}

export const bucketOf = (kind: MediaKind) => MEDIA_BUCKETS[kind];

/** The kind of a file by its type, or null when neither bucket takes it. */
export function mediaKindOfType(mimeType: string): MediaKind | null {
  if (MEDIA_MIME_TYPES.video.includes(mimeType)) return 'video';
  if (MEDIA_MIME_TYPES.image.includes(mimeType)) return 'image';
  return null;
}

/** The file a slide shows (static slides with one), or null. */
export function slideMedia(slide: {
  content_type: string;
  image_url: string | null;
  media_kind?: string | null;
}): SlideMedia | null {
  return slide.content_type !== 'dynamic' && slide.image_url
    ? { path: slide.image_url, kind: mediaKindOf(slide) }
    : null;
}

/** One key per file across both buckets (an image's is its path, as it always was). */
export const mediaKey = ({ path, kind }: SlideMedia) => (kind === 'video' ? `video:${path}` : path);

/** Where a video's poster frame is kept in ad-images. */
export const posterPath = (videoPath: string) => `posters/${videoPath}.jpg`;

/** The path to try when `path` cannot be signed: without the legacy folder, or null. */
export const legacyFallbackPath = (path: string) =>
  path.startsWith(LEGACY_SLIDE_FOLDER) ? path.slice(LEGACY_SLIDE_FOLDER.length) : null;

/**
 * Signed links for `paths` in one request (a second one only for the paths that failed and
 * have a legacy fallback). The map holds a link for each path (as given) that could be signed.
 */
export async function signSlideImages(paths: readonly string[]): Promise<Map<string, string>> {
  const links = await signedUrls(AD_IMAGES_BUCKET, paths, SLIDE_IMAGE_LINK_SECONDS);
  const retry = paths.filter((p) => !links.has(p) && legacyFallbackPath(p) !== null);
  if (retry.length > 0) {
    const second = await signedUrls(
      AD_IMAGES_BUCKET,
      retry.map((p) => legacyFallbackPath(p)!),
      SLIDE_IMAGE_LINK_SECONDS,
    );
    for (const p of retry) {
      const link = second.get(legacyFallbackPath(p)!);
      if (link) links.set(p, link);
    }
  }
  return links;
}

/** Signed links for slide files of both kinds (one request per bucket), keyed by mediaKey(). */
export async function signSlideMedia(items: readonly SlideMedia[]): Promise<Map<string, string>> {
  const images = items.filter((m) => m.kind === 'image').map((m) => m.path);
  const videos = items.filter((m) => m.kind === 'video').map((m) => m.path);
  const [imageLinks, videoLinks] = await Promise.all([
    images.length > 0 ? signSlideImages(images) : new Map<string, string>(),
    signedUrls(AD_VIDEOS_BUCKET, videos, SLIDE_IMAGE_LINK_SECONDS),
  ]);
  const links = new Map<string, string>();
  for (const [path, link] of imageLinks) links.set(mediaKey({ path, kind: 'image' }), link);
  for (const [path, link] of videoLinks) links.set(mediaKey({ path, kind: 'video' }), link);
  return links;
}

/** The signed link of one slide file, or null. */
export async function slideMediaUrl(media: SlideMedia): Promise<string | null> {
  return (await signSlideMedia([media])).get(mediaKey(media)) ?? null;
}

/** The signed link of one slide image, or null. */
export const slideImageUrl = (path: string) => slideMediaUrl({ path, kind: 'image' });

/** Timeline thumbnails: small renderings by Storage's image transformation, never the whole file. */
export const THUMBNAIL: ImageTransform = { width: 160, height: 90, resize: 'cover' };

/**
 * A small rendering of a slide's picture: the image itself, or a video's poster frame (with
 * the legacy retry for images). Null when there is none.
 */
export async function slideThumbnailUrl({ path, kind }: SlideMedia): Promise<string | null> {
  const source = kind === 'video' ? posterPath(path) : path;
  const link = await signedUrl(AD_IMAGES_BUCKET, source, SLIDE_IMAGE_LINK_SECONDS, THUMBNAIL);
  const fallback = kind === 'image' ? legacyFallbackPath(path) : null;
  if (link || !fallback) return link;
  return signedUrl(AD_IMAGES_BUCKET, fallback, SLIDE_IMAGE_LINK_SECONDS, THUMBNAIL);
}
