// File storage helpers: unique names, uploads, and short-lived signed links.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export type BucketName = 'ad-images' | 'ad-videos' | 'customer-files' | 'advertiser-logos';

/** A rendering asked of Storage's image transformation (storage-js's TransformOptions). */
export interface ImageTransform {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin';
}

/** The extension of a file name, lower-cased, without the dot ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A collision-free name keeping the original extension: `${Date.now()}-${random}.${ext}`. */
export function uniqueFileName(file: Pick<File, 'name'>): string {
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  const ext = fileExtension(file.name);
  return ext ? `${Date.now()}-${random}.${ext}` : `${Date.now()}-${random}`;
}

/**
 * Uploads `file` to `bucket` at `path` (overwriting what is there) and returns the stored path;
 * `metadata` is kept as the object's user metadata. Throws the storage error (its message
 * says why) on failure.
 */
export async function uploadFile(
  bucket: BucketName,
  path: string,
  file: Blob & { type: string },
  metadata?: Record<string, unknown>,
): Promise<string> {
  const { data, error } = await supabase.storage.from(bucket).upload(path, file, {
    upsert: true,
    contentType: file.type || undefined,
    ...(metadata ? { metadata } : {}),
  });
  if (error) throw error;
  return data.path;
}

/**
 * A link to a private file valid for `seconds`, or null when it cannot be made; with
 * `transform`, a link to a rendering of the image (Storage's image transformation).
 */
export async function signedUrl(
  bucket: BucketName,
  path: string,
  seconds: number,
  transform?: ImageTransform,
): Promise<string | null> {
  if (!path) return null;
  const { data, error } = await supabase.storage
    .from(bucket)
    .createSignedUrl(path, seconds, transform ? { transform } : undefined);
  if (error || !data?.signedUrl) return null;
  return data.signedUrl;
}

/**
 * Links for many files in ONE request (createSignedUrls). The map holds a link for each path
 * that could be signed; a path that could not is absent. A failed request gives an empty map.
 */
export async function signedUrls(
  bucket: BucketName,
  paths: readonly string[],
  seconds: number,
): Promise<Map<string, string>> {
  const wanted = [...new Set(paths.filter(Boolean))];
  const links = new Map<string, string>();
  if (wanted.length === 0) return links;
  const { data, error } = await supabase.storage.from(bucket).createSignedUrls(wanted, seconds);
  if (error || !data) return links;
  for (const item of data) {
    if (!item.error && item.path && item.signedUrl) links.set(item.path, item.signedUrl);
  }
  return links;
}

export const signedUrlKeys = {
  all: ['signed-url'] as const,
  one: (bucket: BucketName, path: string, seconds: number) => [...signedUrlKeys.all, bucket, path, seconds] as const,
  many: (bucket: BucketName, paths: readonly string[], seconds: number) =>
    [...signedUrlKeys.all, bucket, 'batch', seconds, [...paths].sort()] as const,
};

/** Renew a link well before it runs out: at half its lifetime. */
const freshFor = (seconds: number) => (seconds * 1000) / 2;

/** A signed link for one file (null while absent, failed, or `path` is empty). */
export function useSignedUrl(bucket: BucketName, path: string | null | undefined, seconds = 3600) {
  return useQuery({
    queryKey: signedUrlKeys.one(bucket, path ?? '', seconds),
    queryFn: () => signedUrl(bucket, path ?? '', seconds),
    enabled: Boolean(path),
    staleTime: freshFor(seconds),
    gcTime: freshFor(seconds),
    refetchInterval: freshFor(seconds),
  });
}

/** Signed links for many files, fetched in one request; `data` maps path → link. */
export function useSignedUrls(bucket: BucketName, paths: readonly string[], seconds = 3600) {
  return useQuery({
    queryKey: signedUrlKeys.many(bucket, paths, seconds),
    queryFn: () => signedUrls(bucket, paths, seconds),
    enabled: paths.length > 0,
    staleTime: freshFor(seconds),
    gcTime: freshFor(seconds),
    refetchInterval: freshFor(seconds),
  });
}
