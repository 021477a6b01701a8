// What the slide editor learns of a video in the browser before it is uploaded: its length
// and size from the file's own metadata, and a poster frame drawn to a canvas. Reading a
// stored video's length works the same way from its signed link.
import { translate } from '@/i18n';

export interface VideoFacts {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
}

/** Longest wait for a video's metadata or a frame. */
const READ_LIMIT_MS = 20_000;
/** Poster frames are at most this wide (the timeline and library show them small). */
const POSTER_WIDTH = 640;

function once<T extends keyof HTMLMediaElementEventMap>(video: HTMLVideoElement, type: T): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(translate('builder:media.videoSlow'))), READ_LIMIT_MS);
    const done = (error?: Error) => {
      clearTimeout(timer);
      video.removeEventListener(type, ok);
      video.removeEventListener('error', failed);
      if (error) reject(error);
      else resolve();
    };
    const ok = () => done();
    const failed = () => done(new Error(translate('builder:media.videoUnplayable')));
    video.addEventListener(type, ok, { once: true });
    video.addEventListener('error', failed, { once: true });
  });
}

function videoElement(src: string): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'metadata';
  video.src = src;
  return video;
}

async function metadataOf(video: HTMLVideoElement): Promise<VideoFacts> {
  if (video.readyState < HTMLMediaElement.HAVE_METADATA) await once(video, 'loadedmetadata');
  let duration = video.duration;
  // Some WebM files (browser recordings) say nothing of their length until read to the end.
  if (duration === Number.POSITIVE_INFINITY) {
    video.currentTime = Number.MAX_SAFE_INTEGER;
    await once(video, 'durationchange');
    duration = video.duration;
    video.currentTime = 0;
  }
  if (!Number.isFinite(duration) || duration <= 0) throw new Error(translate('builder:media.videoNoLength'));
  return { duration, width: video.videoWidth, height: video.videoHeight };
}

/** The frame a second in (or a quarter of a short video) as a JPEG, or null when it cannot be drawn. */
async function posterOf(video: HTMLVideoElement, facts: VideoFacts): Promise<Blob | null> {
  try {
    video.preload = 'auto';
    video.currentTime = Math.min(1, facts.duration / 4);
    await once(video, 'seeked');
    const scale = Math.min(1, POSTER_WIDTH / (facts.width || POSTER_WIDTH));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round((facts.width || POSTER_WIDTH) * scale));
    canvas.height = Math.max(1, Math.round((facts.height || (POSTER_WIDTH * 9) / 16) * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
  } catch {
    return null;
  }
}

/** The length and size of a video file, and its poster frame (null when it cannot be drawn). */
export async function readVideoFile(file: Blob): Promise<VideoFacts & { poster: Blob | null }> {
  const url = URL.createObjectURL(file);
  const video = videoElement(url);
  try {
    const facts = await metadataOf(video);
    return { ...facts, poster: await posterOf(video, facts) };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** The length and size of a stored video, read from its link. */
export async function readVideoUrl(url: string): Promise<VideoFacts> {
  const video = videoElement(url);
  try {
    return await metadataOf(video);
  } finally {
    video.removeAttribute('src');
    video.load();
  }
}
