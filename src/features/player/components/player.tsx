// The slideshow. One position in state (the playlist being played and the index in it),
// one timer per slide. Each slide's deadline is computed from the previous deadline, not
// from when a timer fired, so the schedule does not drift. Before a switch the next
// slide's picture is ready (an image loaded and decoded; a video loaded by its own element,
// which waits at its first frame), and the next slide is already mounted under the current
// one, so the screen never shows a half-loaded or blank slide. A video that cannot be played
// is skipped (the heartbeat says why). A changed playlist swaps in at the next slide
// boundary, keeping the position when it can; an edit or removal of the slide on screen
// shows at once.
import { LogOut, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/utils/cn';
import { useHeartbeat } from '../api/heartbeat';
import { usePlayUploads, useProofOfPlay } from '../api/proof-of-play';
import { playSeconds } from '@/entities/slide/slide';
import { mediaKey, slideMedia } from '@/entities/slide/slide-images';
import { useMediaKept, type PlayerData, type PlayerSlide } from '../api/playlist';
import {
  forgetPreloads,
  isVideoFailing,
  isVideoMounted,
  PRELOAD_LIMIT_MS,
  preloadImage,
  subscribeVideoFailures,
  videoFailed,
  videoFailuresVersion,
  videoLayerKey,
  videoOutcome,
  withLimit,
} from '../lib/preload';
import { SlideLayer } from './slide-layer';
import './player.css';

/** Controls and cursor hide after this long without input. */
export const IDLE_HIDE_MS = 3000;
/** A switch later than this (waiting for a picture) starts a new schedule from the switch. */
const LATE_MS = 1000;

interface Position {
  slides: PlayerSlide[];
  media: Record<string, string>;
  version: string;
  index: number;
  /** Counts switches, so a one-slide loop restarts its progress bar. */
  seq: number;
}

export function slideMs(slide: PlayerSlide | undefined): number {
  return playSeconds(slide) * 1000;
}

/**
 * Separates a playlist's version from the campaigns on air in the version the player is given
 * (PlaylistScreen): the same list with other campaigns on air is a schedule's edge.
 */
export const ON_AIR_SEPARATOR = '@';

const campaignsOnAir = (version: string) => {
  const at = version.lastIndexOf(ON_AIR_SEPARATOR);
  return { list: at < 0 ? version : version.slice(0, at), campaigns: at < 0 ? [] : version.slice(at + 1).split(',') };
};

/**
 * Where the show goes after `pos`, in the newest playlist: the next place in the same loop (a
 * slide may play several times in a loop), or after the same slide in a changed one if it is
 * still there.
 */
export function nextPosition(pos: Position, data: PlayerData): Position {
  const slides = data.slides;
  if (data.version === pos.version && slides.length === pos.slides.length)
    return {
      slides,
      media: data.media.urls,
      version: data.version,
      index: (pos.index + 1) % slides.length,
      seq: pos.seq + 1,
    };
  const currentId = pos.slides[pos.index]?.id;
  const same = slides.findIndex((s) => s.id === currentId);
  const index = same >= 0 ? (same + 1) % slides.length : pos.index % slides.length;
  return { slides, media: data.media.urls, version: data.version, index, seq: pos.seq + 1 };
}

/** A campaign that came on air with this playlist (a daypart opened): where its first slide is. */
function cameOnAir(pos: Position, data: PlayerData): number {
  const before = campaignsOnAir(pos.version);
  const now = campaignsOnAir(data.version);
  if (before.list !== now.list) return -1;
  const had = new Set(before.campaigns);
  return data.slides.findIndex((s) => !had.has(s.campaign_id));
}

/** What of a slide shows on screen; its place in the list, priority and dates do not. */
const looks = (s: PlayerSlide) =>
  JSON.stringify([
    s.content_type,
    s.slide_type,
    s.title,
    s.content,
    s.image_url,
    s.media_kind,
    s.is_active,
    s.settings,
  ]);

/** The picture of the slide at `pos`: its URL and whether it is a video. */
const mediaOf = (pos: Position) => {
  const slide = pos.slides[pos.index];
  const media = slide ? slideMedia(slide) : null;
  const url = media ? pos.media[mediaKey(media)] : undefined;
  return { url, video: media?.kind === 'video' };
};

/** True when the slide at `pos` is a video to skip for now: it failed lately, or there is no link to it. */
const skipped = (pos: Position) => {
  const { url, video } = mediaOf(pos);
  return video && (url === undefined || isVideoFailing(url));
};

/** The next position after `pos` whose slide is not a video to skip (the plain next when all are). */
export function nextPlayable(pos: Position, data: PlayerData): Position {
  let next = nextPosition(pos, data);
  for (let i = 1; i < next.slides.length && skipped(next); i++) next = nextPosition(next, data);
  return skipped(next) ? nextPosition(pos, data) : next;
}

/**
 * Resolves with `target` once its picture is ready to be shown, or with what comes after it
 * when it is a video that cannot be played (null when nothing can, or when `cancelled()`).
 * `onWait` hears of a video being waited for (its layer must be in the page while it loads).
 */
async function prepare(
  target: Position,
  latest: () => PlayerData,
  cancelled: () => boolean,
  onWait: (position: Position) => void,
): Promise<Position | null> {
  let candidate = target;
  for (let attempt = 0; attempt <= candidate.slides.length; attempt++) {
    const { url, video } = mediaOf(candidate);
    const slide = candidate.slides[candidate.index]!;
    if (!video) {
      await withLimit(preloadImage(url));
      return cancelled() ? null : candidate;
    }
    if (url === undefined || isVideoFailing(url)) {
      candidate = nextPosition(candidate, latest());
      continue;
    }
    const key = videoLayerKey(slide.id, url);
    onWait(candidate);
    const outcome = await withLimit(videoOutcome(key), PRELOAD_LIMIT_MS, 'timeout' as const);
    if (cancelled()) return null;
    if (outcome === 'ready') return candidate;
    if (outcome === 'gone') {
      // Its layer left (a new link for the file): the same slide with the newest links.
      candidate = { ...candidate, media: latest().media.urls };
      continue;
    }
    if (outcome === 'timeout' && isVideoMounted(key)) {
      videoFailed(key, url, slide.title || 'Untitled video', `not ready after ${PRELOAD_LIMIT_MS / 1000} s`);
    }
    candidate = nextPosition(candidate, latest());
  }
  return null;
}

/** The key of a slide's layer: a new picture for the same slide is a new layer. */
const layerKey = (slide: PlayerSlide, url: string | undefined) => `${slide.id} ${url ?? ''}`;

const now = () => performance.now();

export interface PlayerProps {
  data: PlayerData;
  /** The device a venue's kiosk chose to be (its heartbeat names it); null on a paired screen. */
  deviceId?: string | null;
  /** Shows a Sign Out control (a venue's login); a paired screen has none. */
  onSignOut?: () => void;
  signingOut?: boolean;
}

export function Player({ data, deviceId = null, onSignOut, signingOut = false }: PlayerProps) {
  const [pos, setPos] = useState<Position>(() => ({
    slides: data.slides,
    media: data.media.urls,
    version: data.version,
    index: 0,
    seq: 0,
  }));
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useState(true);
  const [idle, setIdle] = useState(false);

  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  }, [data]);

  // The current slide's deadline (performance.now() time), and what was left of it when paused.
  const deadline = useRef<number | null>(null);
  const remaining = useRef<number | null>(null);

  // A video that failed is skipped: what comes next is worked out again.
  useSyncExternalStore(subscribeVideoFailures, videoFailuresVersion);
  // A position being got ready that is neither on screen nor next (its layer waits hidden too).
  const [preparing, setPreparing] = useState<Position | null>(null);
  // Counts skips of a video that failed on screen (the timer runs out at once).
  const [skips, setSkips] = useState(0);

  const current = pos.slides[pos.index];
  const upcoming = nextPlayable(pos, data);
  const upcomingSlide = upcoming.slides[upcoming.index];
  const upcomingMedia = mediaOf(upcoming);

  // Start loading the next image as soon as the current slide is up (a video loads in its layer).
  useEffect(() => {
    if (!upcomingMedia.video) void preloadImage(upcomingMedia.url);
  }, [upcomingMedia.url, upcomingMedia.video]);

  useEffect(() => {
    forgetPreloads(new Set(Object.values(data.media.urls)));
  }, [data.media.urls]);

  // The slide on screen was edited or removed: the change shows at once, not at the next
  // boundary. An edit keeps the slide on screen for its time (a new duration counts from
  // when it came up); a removal moves on to what comes next. The picture to show is loaded
  // first, so the switch never shows a blank frame.
  useEffect(() => {
    const shown = pos.slides[pos.index];
    if (!shown || data.slides.length === 0 || data.version === pos.version) return;
    let cancelled = false;
    // Gets the position's picture ready, then shows it and sets the slide's timer.
    const switchTo = (next: Position, time: (ready: Position) => void) => {
      void prepare(
        next,
        () => latest.current,
        () => cancelled,
        setPreparing,
      ).then((ready) => {
        setPreparing(null);
        if (!ready) return;
        time(ready);
        setPos(ready);
      });
    };
    // A daypart opened: its campaign is on screen within the second, not at the next boundary.
    const opened = cameOnAir(pos, data);
    if (opened >= 0) {
      switchTo(
        { slides: data.slides, media: data.media.urls, version: data.version, index: opened, seq: pos.seq + 1 },
        (ready) => {
          if (paused) remaining.current = slideMs(ready.slides[ready.index]);
          else deadline.current = now() + slideMs(ready.slides[ready.index]);
        },
      );
    } else {
      const fresh = data.slides.find((s) => s.id === shown.id);
      if (fresh && looks(fresh) === looks(shown) && fresh.duration === shown.duration) return;
      const next: Position = fresh
        ? {
            slides: data.slides,
            media: data.media.urls,
            version: data.version,
            index: data.slides.indexOf(fresh),
            seq: pos.seq,
          }
        : nextPosition(pos, data);
      switchTo(next, (ready) => {
        const kept = fresh && ready === next;
        const change = kept ? slideMs(fresh) - slideMs(shown) : 0;
        if (paused)
          remaining.current = kept ? Math.max(0, (remaining.current ?? 0) + change) : slideMs(ready.slides[ready.index]);
        else if (kept && deadline.current !== null) deadline.current += change;
        else deadline.current = now() + slideMs(ready.slides[ready.index]);
      });
    }
    return () => {
      cancelled = true;
    };
    // Only a new playlist decides this; pos changes at each boundary on its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  // One timer per slide.
  useEffect(() => {
    if (paused) return;
    deadline.current ??= now() + slideMs(pos.slides[pos.index]);
    let cancelled = false;
    const timer = setTimeout(
      () => {
        void prepare(
          nextPlayable(pos, latest.current),
          () => latest.current,
          () => cancelled,
          setPreparing,
        ).then((ready) => {
          if (cancelled) return;
          setPreparing(null);
          const planned = deadline.current ?? now();
          const at = now();
          const start = at - planned > LATE_MS ? at : planned;
          // Nothing else can be shown: the slide on screen stays for another round.
          const next = ready ?? { ...pos, seq: pos.seq + 1 };
          deadline.current = start + slideMs(next.slides[next.index]);
          setPos(next);
        });
      },
      Math.max(0, deadline.current - now()),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pos, paused, skips]);

  // The video on screen failed: on to the next slide at once, when another one can be shown.
  const onVideoFailed = useCallback(() => {
    if (skipped(nextPlayable(pos, latest.current))) return;
    deadline.current = now();
    setSkips((n) => n + 1);
  }, [pos]);

  const togglePause = useCallback(() => {
    if (paused) {
      deadline.current = now() + (remaining.current ?? slideMs(current));
      remaining.current = null;
    } else {
      remaining.current = Math.max(0, (deadline.current ?? now()) - now());
    }
    setPaused(!paused);
  }, [paused, current]);

  /** Shows another slide at once (the arrow keys): its full time starts now, or waits while paused. */
  const jump = useCallback(
    (step: 1 | -1) => {
      const next =
        step === 1
          ? nextPosition(pos, latest.current)
          : { ...pos, index: (pos.index - 1 + pos.slides.length) % pos.slides.length, seq: pos.seq + 1 };
      const ms = slideMs(next.slides[next.index]);
      if (paused) remaining.current = ms;
      else deadline.current = now() + ms;
      setPos(next);
    },
    [pos, paused],
  );

  // Space pauses and plays, the arrow keys go to the next or previous slide (someone with a
  // keyboard in front of the screen). Space on a focused button presses that button instead.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const onControl =
        event.target instanceof HTMLElement && event.target.closest('button, a, input, select, textarea');
      if (event.key === ' ' && !onControl) {
        event.preventDefault();
        togglePause();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        jump(1);
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        jump(-1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [togglePause, jump]);

  // Full screen on the first interaction (browsers allow it only then); controls and the
  // cursor hide after a few seconds without input.
  useEffect(() => {
    let hideTimer = setTimeout(() => setIdle(true), IDLE_HIDE_MS);
    const onActivity = () => {
      setIdle(false);
      clearTimeout(hideTimer);
      hideTimer = setTimeout(() => setIdle(true), IDLE_HIDE_MS);
    };
    const onFirstInput = () => {
      const root = document.documentElement;
      if (!document.fullscreenElement && typeof root.requestFullscreen === 'function') {
        root.requestFullscreen().catch(() => undefined);
      }
    };
    window.addEventListener('pointermove', onActivity);
    window.addEventListener('pointerdown', onActivity);
    window.addEventListener('keydown', onActivity);
    window.addEventListener('pointerdown', onFirstInput, { once: true });
    window.addEventListener('keydown', onFirstInput, { once: true });
    return () => {
      clearTimeout(hideTimer);
      window.removeEventListener('pointermove', onActivity);
      window.removeEventListener('pointerdown', onActivity);
      window.removeEventListener('keydown', onActivity);
      window.removeEventListener('pointerdown', onFirstInput);
      window.removeEventListener('keydown', onFirstInput);
    };
  }, []);

  useMediaKept();
  useHeartbeat(true, deviceId, {
    campaignId: current?.campaign_id ?? null,
    slideId: current?.id ?? null,
    contentVersion: pos.version,
  });
  useProofOfPlay(pos.seq, current?.campaign_id, current?.id, deviceId);
  usePlayUploads(true);

  if (!current) return null;
  const total = pos.slides.length;
  const durationMs = slideMs(current);
  const layers: { slide: PlayerSlide; image: string | undefined; visible: boolean }[] = [
    { slide: current, image: mediaOf(pos).url, visible: true },
  ];
  if (upcomingSlide && upcomingSlide.id !== current.id) {
    layers.push({ slide: upcomingSlide, image: upcomingMedia.url, visible: false });
  }
  const preparingSlide = preparing?.slides[preparing.index];
  if (preparing && preparingSlide) {
    const image = mediaOf(preparing).url;
    if (!layers.some((l) => layerKey(l.slide, l.image) === layerKey(preparingSlide, image)))
      layers.push({ slide: preparingSlide, image, visible: false });
  }

  // A paused show keeps its controls: it must not look frozen.
  const controlsHidden = idle && !paused;
  const control = cn(
    'inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-gray-900/70 text-white hover:bg-gray-800',
    focusRing,
  );

  return (
    <main
      aria-label="Slideshow"
      className={cn('fixed inset-0 overflow-hidden bg-gray-950 text-white', controlsHidden && 'cursor-none')}
      data-testid="player"
      data-slide-index={pos.index}
      data-paused={paused}
    >
      {layers.map((layer) => (
        <SlideLayer
          key={layerKey(layer.slide, layer.image)}
          slide={layer.slide}
          imageUrl={layer.image}
          visible={layer.visible}
          paused={paused}
          muted={muted}
          showing={pos.seq}
          onVideoFailed={onVideoFailed}
        />
      ))}

      {paused && (
        <p
          role="status"
          className="absolute top-4 right-4 z-20 inline-flex items-center gap-2 rounded-full bg-gray-900/80 px-4 py-2 text-sm font-medium"
        >
          <Pause aria-hidden className="size-4" />
          Paused · press Space to play
        </p>
      )}

      <div
        className={cn(
          'absolute inset-x-0 bottom-0 z-20 transition-opacity duration-500',
          controlsHidden ? 'pointer-events-none opacity-0' : 'opacity-100',
        )}
        data-testid="player-controls"
        data-idle={controlsHidden}
      >
        <div className="flex items-center justify-between gap-4 bg-gradient-to-t from-gray-950/80 to-transparent px-6 pt-10 pb-4">
          <div className="flex items-center gap-3">
            <button type="button" className={control} aria-label={paused ? 'Play' : 'Pause'} onClick={togglePause}>
              {paused ? <Play aria-hidden className="size-5" /> : <Pause aria-hidden className="size-5" />}
            </button>
            <button
              type="button"
              className={control}
              aria-label={muted ? 'Unmute' : 'Mute'}
              aria-pressed={muted}
              onClick={() => setMuted((m) => !m)}
            >
              {muted ? <VolumeX aria-hidden className="size-5" /> : <Volume2 aria-hidden className="size-5" />}
            </button>
            <span className="text-sm font-medium tabular-nums" data-testid="slide-counter">
              {pos.index + 1} / {total}
            </span>
          </div>
          {onSignOut && (
            <button
              type="button"
              className={cn(control, 'w-auto gap-2 px-4 text-sm')}
              onClick={onSignOut}
              disabled={signingOut}
            >
              <LogOut aria-hidden className="size-4" />
              Sign Out
            </button>
          )}
        </div>
      </div>

      <div
        role="progressbar"
        aria-label="Slide progress"
        aria-valuemin={0}
        aria-valuemax={durationMs / 1000}
        className="absolute inset-x-0 bottom-0 z-30 h-1 bg-gray-800"
      >
        <div
          key={pos.seq}
          data-testid="slide-progress"
          className="h-full origin-left bg-brand-500"
          style={{
            animationName: 'player-progress',
            animationDuration: `${durationMs}ms`,
            animationTimingFunction: 'linear',
            animationFillMode: 'forwards',
            animationPlayState: paused ? 'paused' : 'running',
          }}
        />
      </div>
    </main>
  );
}
