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

/** The part of a file name people chose, made safe for a storage key (letters, digits, spaces, - _ . ( )). */
function readablePart(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _().-]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 60);
}

/** The generated part of a stored name: the upload's time and a random suffix. */
const GENERATED = /^(?:(.+)--)?(\d{13}-[a-z0-9]{8})(\.[A-Za-z0-9]+)?$/;

/**
 * A collision-free name keeping the original extension: `${name}--${Date.now()}-${random}.${ext}`,
 * with the file's own name in front so people recognise it (displayFileName gives it back).
 */
export function uniqueFileName(file: Pick<File, 'name'>, base?: string): string {
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  const ext = fileExtension(file.name);
  const readable = readablePart(base ?? (ext ? file.name.slice(0, -ext.length - 1) : file.name));
  const unique = `${readable ? `${readable}--` : ''}${Date.now()}-${random}`;
  return ext ? `${unique}.${ext}` : unique;
}

/**
 * The name a stored file is shown by: the name it was uploaded with ('Front door.png' for
 * 'c1/Front door--1795389809570-g7hwtulb.png'), or the stored name when it has none.
 */
export function displayFileName(path: string): string {
  const last = path.split('/').pop() ?? path;
  const match = GENERATED.exec(last);
  return match?.[1] ? `${match[1]}${match[3] ?? ''}` : last;
}

/** The same file under another readable name: its generated part kept, so it stays unique. */
export function renamedPath(path: string, name: string): string {
  const slash = path.lastIndexOf('/');
  const folder = slash >= 0 ? path.slice(0, slash + 1) : '';
  const last = path.slice(slash + 1);
  const match = GENERATED.exec(last);
  const ext = fileExtension(last);
  const readable = readablePart(ext && name.toLowerCase().endsWith(`.${ext}`) ? name.slice(0, -ext.length - 1) : name);
  if (!match) return `${folder}${uniqueFileName({ name: last }, readable)}`;
  return `${folder}${readable ? `${readable}--` : ''}${match[2]}${match[3] ?? ''}`;
}

/** '2.4 MB', '830 KB' or '512 B'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
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
