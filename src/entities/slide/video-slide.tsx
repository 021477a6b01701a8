import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_LOOP_MIN_SECONDS } from './slide';

/** What a video slide tells the one showing it (the player waits for it before a switch). */
export interface VideoEvents {
  /** True once the video can be shown (it can play through, or is back at its first frame); false while it (re)loads. */
  onReadyChange?: (ready: boolean) => void;
  /** The video cannot be played (why, in a few words). */
  onFailed?: (reason: string) => void;
}

export interface VideoPlayback extends VideoEvents {
  /** On screen (default true); a hidden video waits at its first frame. */
  visible?: boolean;
  /** Counts the showings of the slide: a new one starts the video from the beginning. */
  showing?: number;
  /** Sound off (default true): screens play muted, which is what lets them start on their own. */
  muted?: boolean;
}

export interface VideoSlideProps extends VideoPlayback {
  src: string;
  title: string | null;
  /** Stops the video where it is. */
  paused: boolean;
  /** The slide's seconds: a shorter video loops, a longer one is cut when the slide ends. */
  seconds: number;
  /** Shown instead of the video when it cannot be played (previews; a screen skips it). */
  fallback: ReactNode;
}

/** How long a video with its data waits for its first frame to be drawn before it counts as ready anyway. */
const FRAME_WAIT_MS = 1000;

const MEDIA_ERRORS: Record<number, string> = {
  1: 'loading was aborted',
  2: 'network error',
  3: 'the file could not be decoded',
  4: 'the file or its format is not supported',
};

/** Why a video element failed, in a few words. */
export const videoErrorText = (video: HTMLVideoElement) =>
  (video.error && (MEDIA_ERRORS[video.error.code] ?? video.error.message)) || 'the video could not be played';

/**
 * A video slide: muted, inline, no controls, filling the screen (letterboxed). Loaded in full
 * ahead of its showing (preload auto); a new file is a new element (keyed by its link). A video shorter than its slide by a second or more
 * starts again from the beginning; a shorter gap holds its last frame; a longer video is cut
 * when its slide ends.
 */
export function VideoSlide({
  src,
  title,
  paused,
  seconds,
  visible = true,
  showing,
  muted = true,
  onReadyChange,
  onFailed,
  fallback,
}: VideoSlideProps) {
  const { t } = useTranslation('slides');
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // Seconds of the video already played in this showing (whole plays before the current one).
  const played = useRef(0);
  const events = useRef({ onReadyChange, onFailed });
  useEffect(() => {
    events.current = { onReadyChange, onFailed };
  });

  // Ready means: enough data to play it through (after a rewind: the data at its start), and
  // a frame of it handed to the compositor, so the switch to it shows a picture in the very
  // first frame. Browsers without requestVideoFrameCallback, or a page not drawing (hidden),
  // count the frame as there a moment after the data.
  const readiness = useRef({ data: false, frame: false, fallback: 0 });
  const report = () => {
    const { data, frame } = readiness.current;
    if (data && frame) events.current.onReadyChange?.(true);
  };
  const awaitFrame = (video: HTMLVideoElement) => {
    const state = readiness.current;
    state.frame = typeof video.requestVideoFrameCallback !== 'function';
    if (state.frame) return;
    video.requestVideoFrameCallback(() => {
      state.frame = true;
      report();
    });
  };
  const dataReady = () => {
    const state = readiness.current;
    state.data = true;
    report();
    window.clearTimeout(state.fallback);
    if (!state.frame)
      state.fallback = window.setTimeout(() => {
        state.frame = true;
        report();
      }, FRAME_WAIT_MS);
  };
  useEffect(() => {
    const video = ref.current;
    const state = readiness.current;
    if (video) awaitFrame(video);
    return () => window.clearTimeout(state.fallback);
    // Once per element (a new file is a new element).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.defaultMuted = true;
    video.muted = muted;
  }, [muted]);

  // Playing while on screen and not paused (started in the switch's own commit, before its
  // frame is painted, so playback starts with the first frame shown); a hidden video goes
  // back to its first frame for its next showing.
  useLayoutEffect(() => {
    const video = ref.current;
    if (!video || failed) return;
    if (visible && !paused) {
      const started = video.play() as Promise<void> | undefined;
      started?.catch((error: unknown) => {
        // A pause or a new source interrupts play(); that is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        events.current.onFailed?.(error instanceof Error ? error.message : 'the video could not start');
      });
      return;
    }
    video.pause();
    if (!visible && video.currentTime > 0) {
      events.current.onReadyChange?.(false);
      played.current = 0;
      readiness.current.data = false;
      awaitFrame(video);
      video.currentTime = 0;
    }
    // awaitFrame only reads the element and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, paused, failed]);

  // Shown again while on screen (the same slide twice in a row, or a one-slide loop): from
  // the beginning. A video coming up from hiding is at its start already (it was rewound when
  // hidden) and was started by the effect above: rewinding it again would seek a video
  // already playing, a moment with no frame ready.
  const lastShowing = useRef(showing);
  const wasVisible = useRef(visible);
  useEffect(() => {
    const video = ref.current;
    if (!video || lastShowing.current === showing) return;
    lastShowing.current = showing;
    played.current = 0;
    if (!wasVisible.current) return;
    if (video.currentTime > 0) video.currentTime = 0;
    // A video that reached its end stopped: it plays again.
    if (visible && !paused && !failed) void (video.play() as Promise<void> | undefined)?.catch(() => undefined);
    // Only a new showing decides this; the other effect follows visible and paused.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showing]);
  // Read by the effect above, as it was in the commit before (effects run in order).
  useEffect(() => {
    wasVisible.current = visible;
  });

  if (failed) return <>{fallback}</>;
  return (
    <video
      ref={ref}
      src={src}
      aria-label={title || t('slide.video')}
      muted
      playsInline
      preload="auto"
      disablePictureInPicture
      disableRemotePlayback
      className="h-full w-full object-contain"
      onCanPlayThrough={dataReady}
      onSeeked={(event) => {
        if (event.currentTarget.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) dataReady();
      }}
      onEnded={(event) => {
        const video = event.currentTarget;
        played.current += Number.isFinite(video.duration) ? video.duration : 0;
        // Enough of the slide left: again from the start; otherwise the last frame stays.
        if (visible && !paused && seconds - played.current >= VIDEO_LOOP_MIN_SECONDS) {
          video.currentTime = 0;
          void (video.play() as Promise<void> | undefined)?.catch(() => undefined);
        }
      }}
      onError={(event) => {
        const reason = videoErrorText(event.currentTarget);
        setFailed(reason);
        events.current.onFailed?.(reason);
      }}
    />
  );
}
