// Slide images: files of the ad-images bucket, shown through signed links that last an hour.
// Older slides stored the path with a leading 'slides/' that the bucket does not have; a
// path that cannot be signed is tried once more without it.
import { signedUrls } from '@/lib/storage';

export const AD_IMAGES_BUCKET = 'ad-images' as const;
/** Lifetime of slide image links (seconds). */
export const SLIDE_IMAGE_LINK_SECONDS = 3600;
/** The folder older slides put in front of their image path. */
export const LEGACY_SLIDE_FOLDER = 'slides/';

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

/** The signed link of one slide image, or null. */
export async function slideImageUrl(path: string): Promise<string | null> {
  return (await signSlideImages([path])).get(path) ?? null;
}
