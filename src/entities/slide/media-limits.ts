// What the slide file buckets take, as their migrations set it (ad-images:
// 20261122000010_create_storage_buckets.sql; ad-videos: 20261126700000_video_slides.sql).
// Storage enforces these; the slide editor shows them and refuses early with the same
// limits. A stack test holds this copy to the buckets.

/** What a slide's file is: an image (ad-images) or a video (ad-videos). */
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The bucket of each kind of slide file. */
export const MEDIA_BUCKETS = { image: 'ad-images', video: 'ad-videos' } as const satisfies Record<MediaKind, string>;

/** Largest file each bucket takes (its file_size_limit, bytes). */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { image: 5 * 1024 * 1024, video: 100 * 1024 * 1024 };

/** The file types each bucket takes (its allowed_mime_types). */
export const MEDIA_MIME_TYPES: Record<MediaKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  video: ['video/mp4', 'video/webm'],
};
