// Getting the next slide ready before the switch: an image once its layer's <img> has it,
// a video once its element can play it, and a video that cannot be played stepped over.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playlistSlide } from '@/entities/playlist/playlist-fixtures';
import { firstPosition, mediaOf, nextPosition, slideAt, type PlayingList } from './position';
import { prepare } from './prepare';
import {
  imageLayerGone,
  imageLayerMounted,
  imageLayerReady,
  isVideoFailing,
  PRELOAD_LIMIT_MS,
  resetVideoStates,
  mediaLayerKey,
  videoMounted,
  videoReadyChange,
} from './preload';

const CLIP_URL = 'https://files.test/clip.webm';
const playing: PlayingList = {
  version: 'v1',
  slides: [
    playlistSlide('photo', 'Photo', { image_url: 'photo.png' }),
    playlistSlide('clip', 'Clip', { image_url: 'clip.webm', media_kind: 'video' }),
    playlistSlide('text', 'Text'),
  ],
  media: { urls: { 'photo.png': 'https://files.test/photo.png', 'video:clip.webm': CLIP_URL } },
};
const atClip = nextPosition(firstPosition(playing), playing);
const clipKey = mediaLayerKey('clip', CLIP_URL);

const run = (target = atClip, cancelled = () => false) => {
  const waited: string[] = [];
  const ready = prepare(
    target,
    () => playing,
    cancelled,
    (pos) => waited.push(slideAt(pos)!.id),
  );
  return { ready, waited };
};

beforeEach(() => resetVideoStates());
afterEach(() => {
  vi.useRealTimers();
  resetVideoStates();
});

describe('prepare', () => {
  it('has an image slide ready once its own layer has its picture, not before', async () => {
    const target = firstPosition(playing);
    const key = mediaLayerKey('photo', 'https://files.test/photo.png');
    const { ready, waited } = run(target);
    // Its layer is asked for (it mounts hidden, its <img> loading).
    expect(waited).toEqual(['photo']);
    imageLayerMounted(key);
    let settled = false;
    void ready.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    imageLayerReady(key);
    await expect(ready).resolves.toBe(target);
  });

  it("waits again with the newest link when the image's layer leaves before its picture is in", async () => {
    const target = firstPosition(playing);
    const renewed: PlayingList = {
      ...playing,
      media: { urls: { ...playing.media.urls, 'photo.png': 'https://files.test/photo.png?renewed' } },
    };
    const waited: string[] = [];
    const ready = prepare(
      target,
      () => renewed,
      () => false,
      (pos) => waited.push(mediaOf(pos).url!),
    );
    const first = mediaLayerKey('photo', 'https://files.test/photo.png');
    imageLayerMounted(first);
    await Promise.resolve();
    imageLayerGone(first);
    await vi.waitFor(() => expect(waited).toHaveLength(2));
    expect(waited[1]).toBe('https://files.test/photo.png?renewed');
    imageLayerReady(mediaLayerKey('photo', 'https://files.test/photo.png?renewed'));
    expect(mediaOf((await ready)!).url).toBe('https://files.test/photo.png?renewed');
  });

  it('waits for a video in its layer, and has it once it can play', async () => {
    const { ready, waited } = run();
    expect(waited).toEqual(['clip']);
    videoReadyChange(clipKey, CLIP_URL, true);
    await expect(ready).resolves.toBe(atClip);
  });

  it('steps over a video without a link to the slide after it', async () => {
    const unsigned = { ...atClip, media: { 'photo.png': 'https://files.test/photo.png' } };
    const ready = await run(unsigned).ready;
    expect(slideAt(ready!)?.id).toBe('text');
  });

  it('gives up a video not ready in time, says so, and goes on to the slide after it', async () => {
    vi.useFakeTimers();
    const { ready } = run();
    videoMounted(clipKey);
    await vi.advanceTimersByTimeAsync(PRELOAD_LIMIT_MS);
    expect(slideAt((await ready)!)?.id).toBe('text');
    expect(isVideoFailing(CLIP_URL)).toBe(true);
  });

  it('has nothing when the switch was called off meanwhile', async () => {
    let cancelled = false;
    const { ready } = run(atClip, () => cancelled);
    cancelled = true;
    videoReadyChange(clipKey, CLIP_URL, true);
    await expect(ready).resolves.toBeNull();
  });
});
