// The slideshow. One position in state (the playlist being played and the index in it),
// one timer per slide. Each slide's deadline is computed from the previous deadline, not
// from when a timer fired, so the schedule does not drift. Before a switch the next
// slide's picture is ready (an image loaded and decoded; a video loaded by its own element,
// which waits at its first frame), and the next slide is already mounted under the current
// one, so the screen never shows a half-loaded or blank slide. A video that cannot be played
// is skipped (the heartbeat says why). A changed playlist swaps in at the next slide
// boundary, keeping the position when it can; an edit or removal of the slide on screen
// shows at once. The decisions are plain functions in ../lib (position: what plays next;
// playlist-change: what a new playlist changes at once; slide-clock: the timing; prepare:
// getting a slide's picture ready; layers: what is mounted); this is their React shell.
import { LogOut, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '@/components/ui/button';
import { availabilityVersion, subscribeAvailability } from '@/components/dynamic-content/wall-data';
import { cn } from '@/utils/cn';
import { useHeartbeat } from '../api/heartbeat';
import { usePlayUploads, useProofOfPlay } from '../api/proof-of-play';
import { useMediaKept, type PlayerData } from '../api/playlist';
import { layerKey, slideLayers } from '../lib/layers';
import { changeOnScreen } from '../lib/playlist-change';
import {
  isSkipped,
  mediaOf,
  nextPlayable,
  nextPosition,
  previousPosition,
  slideAt,
  slideMs,
  type Position,
} from '../lib/position';
import { forgetPreloads, preloadImage, subscribeVideoFailures, videoFailuresVersion } from '../lib/preload';
import { prepare } from '../lib/prepare';
import { loadPlace, placeOf, resumeShow, savePlace } from '../lib/resume';
import {
  armClock,
  endSlideNow,
  NEW_CLOCK,
  pauseClock,
  resumeClock,
  scheduleNext,
  startSlide,
  stretchSlide,
  type SlideClock,
} from '../lib/slide-clock';
import { SlideLayer } from './slide-layer';
import './player.css';

/** Controls and cursor hide after this long without input. */
export const IDLE_HIDE_MS = 3000;

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
  const { t } = useTranslation('player');
  // A reload resumes the loop where it was: the same slide, for what was left of its time.
  const screen = deviceId ?? 'own';
  const [start] = useState(() => resumeShow(data, loadPlace(screen), Date.now()));
  const [pos, setPos] = useState<Position>(start.pos);
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useState(true);
  const [idle, setIdle] = useState(false);

  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  }, [data]);

  // The slide on screen's deadline (performance.now() time), and what was left of it when paused.
  const clock = useRef<SlideClock>(
    start.remainingMs === null ? NEW_CLOCK : { deadline: now() + start.remainingMs, remaining: null },
  );

  // A video that failed, or a dynamic slide with nothing true to show, is skipped: what comes
  // next is worked out again.
  useSyncExternalStore(subscribeVideoFailures, videoFailuresVersion);
  const availability = useSyncExternalStore(subscribeAvailability, availabilityVersion);
  // A position being got ready that is neither on screen nor next (its layer waits hidden too).
  const [preparing, setPreparing] = useState<Position | null>(null);
  // Counts skips of a video that failed on screen (the timer runs out at once).
  const [skips, setSkips] = useState(0);

  const current = slideAt(pos);
  const upcoming = nextPlayable(pos, data);
  const upcomingMedia = mediaOf(upcoming);

  // Start loading the next image as soon as the current slide is up (a video loads in its layer).
  useEffect(() => {
    if (!upcomingMedia.video) void preloadImage(upcomingMedia.url);
  }, [upcomingMedia.url, upcomingMedia.video]);

  useEffect(() => {
    forgetPreloads(new Set(Object.values(data.media.urls)));
  }, [data.media.urls]);

  // A new playlist that changes the screen at once (changeOnScreen): a daypart that opened,
  // an edit or removal of the slide on screen. An edit keeps the slide on screen for its time
  // (a new duration counts from when it came up); anything else starts the new slide's time.
  // The picture to show is loaded first, so the switch never shows a blank frame.
  useEffect(() => {
    const change = changeOnScreen(pos, data);
    if (!change) return;
    let cancelled = false;
    void prepare(
      change.target,
      () => latest.current,
      () => cancelled,
      setPreparing,
    ).then((ready) => {
      setPreparing(null);
      if (!ready) return;
      const readyMs = slideMs(slideAt(ready));
      const edited = ready === change.target ? change.edited : null;
      clock.current = edited
        ? stretchSlide(clock.current, slideMs(edited.after) - slideMs(edited.before), readyMs, paused, now())
        : startSlide(clock.current, readyMs, paused, now());
      setPos(ready);
    });
    return () => {
      cancelled = true;
    };
    // Only a new playlist decides this; pos changes at each boundary on its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  // One timer per slide.
  useEffect(() => {
    if (paused) return;
    const armed = armClock(clock.current, slideMs(slideAt(pos)), now());
    clock.current = armed;
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
          // Nothing else can be shown: the slide on screen stays for another round.
          const next = ready ?? { ...pos, seq: pos.seq + 1 };
          clock.current = scheduleNext(clock.current, slideMs(slideAt(next)), now());
          setPos(next);
        });
      },
      Math.max(0, armed.deadline - now()),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pos, paused, skips]);

  // The video on screen failed: on to the next slide at once, when another one can be shown.
  const onVideoFailed = useCallback(() => {
    if (isSkipped(nextPlayable(pos, latest.current))) return;
    clock.current = endSlideNow(clock.current, now());
    setSkips((n) => n + 1);
  }, [pos]);

  // The dynamic slide on screen found nothing true to show: on to the next slide at once, when
  // another one can be shown (its layer shows nothing meanwhile, never a sample).
  useEffect(() => {
    if (!isSkipped(pos) || mediaOf(pos).video) return;
    if (isSkipped(nextPlayable(pos, latest.current))) return;
    clock.current = endSlideNow(clock.current, now());
    setSkips((n) => n + 1);
  }, [pos, availability]);

  // The place is kept at each switch: when its slide came up (a resumed one, earlier than now).
  useEffect(() => {
    const deadline = clock.current.deadline;
    const shown = deadline === null ? 0 : Math.max(0, slideMs(slideAt(pos)) - (deadline - now()));
    const place = placeOf(pos, Date.now() - shown);
    if (place) savePlace(screen, place);
  }, [pos, screen]);

  const togglePause = useCallback(() => {
    clock.current = paused ? resumeClock(clock.current, slideMs(current), now()) : pauseClock(clock.current, now());
    setPaused(!paused);
  }, [paused, current]);

  /** Shows another slide at once (the arrow keys): its full time starts now, or waits while paused. */
  const jump = useCallback(
    (step: 1 | -1) => {
      const next = step === 1 ? nextPosition(pos, latest.current) : previousPosition(pos);
      clock.current = startSlide(clock.current, slideMs(slideAt(next)), paused, now());
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
  const layers = slideLayers(pos, upcoming, preparing);

  // A paused show keeps its controls: it must not look frozen.
  const controlsHidden = idle && !paused;
  const control = cn(
    'inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-gray-900/70 text-white hover:bg-gray-800',
    focusRing,
  );

  return (
    <main
      aria-label={t('player.slideshow')}
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
          timeZone={data.customer?.time_zone}
        />
      ))}

      {paused && (
        <p
          role="status"
          className="absolute top-4 right-4 z-20 inline-flex items-center gap-2 rounded-full bg-gray-900/80 px-4 py-2 text-sm font-medium"
        >
          <Pause aria-hidden className="size-4" />
          {t('player.paused')}
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
            <button type="button" className={control} aria-label={paused ? t('player.play') : t('player.pause')} onClick={togglePause}>
              {paused ? <Play aria-hidden className="size-5" /> : <Pause aria-hidden className="size-5" />}
            </button>
            <button
              type="button"
              className={control}
              aria-label={muted ? t('player.unmute') : t('player.mute')}
              aria-pressed={muted}
              onClick={() => setMuted((m) => !m)}
            >
              {muted ? <VolumeX aria-hidden className="size-5" /> : <Volume2 aria-hidden className="size-5" />}
            </button>
            <span className="text-sm font-medium tabular-nums" data-testid="slide-counter">
              {t('player.counter', { index: pos.index + 1, total })}
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
              {t('signOut')}
            </button>
          )}
        </div>
      </div>

      <div
        role="progressbar"
        aria-label={t('player.progress')}
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
