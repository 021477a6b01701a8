// Proof of play: the player notes every slide it finishes (which slide, of which campaign,
// when it came up and how long it stayed) in a queue kept on the device, and uploads the
// queue in batches (public.record_plays), oldest first. Each record carries an id made here,
// so a batch sent again after a lost answer is counted once. The queue (play-queue.ts) lives
// in IndexedDB, localStorage where that cannot be opened: it survives a reload and an outage
// of 30 days; past its cap the oldest go, and the Equipment page hears of it through the
// heartbeat's diagnostics.
import { useEffect, useRef } from 'react';
import { clearProblem, reportProblem } from '@/lib/diagnostics';
import { hasLiveSession, supabase } from '@/lib/supabase';
import { makeRoomForRecords } from './media';
import { isQuotaError } from './media-cache';
import { MAX_QUEUED, MAX_QUEUED_LOCAL, playQueue, type PlayQueue, type PlayRecord } from './play-queue';

export { MAX_QUEUED, PLAYS_KEY, type PlayRecord } from './play-queue';

/** How often the queue is sent while the player plays (and at once when the network returns). */
export const PLAY_UPLOAD_MS = 60_000;
/** Records per call (record_plays takes up to 5000). */
export const PLAY_BATCH = 1000;
/** The smallest batch: a call that ran out of the server's time is tried again with half as many, down to this. */
export const MIN_PLAY_BATCH = 50;
/** A slide on screen for less than this (a switch straight after it came up) is not a play. */
export const MIN_PLAY_MS = 500;

export interface FinishedSlide {
  campaignId: string;
  slideId: string;
  /** The device a venue's kiosk chose to be; null on a paired screen (its login names it). */
  deviceId: string | null;
  startedAt: number;
  endedAt: number;
}

/**
 * Room made for plays when the device's storage is full: a write of a play that fails for
 * quota has this much of the media cache's least recently shown files (not needed on screen)
 * removed, and is tried again. A file can be downloaded again; a play cannot be made again.
 * (About 20,000 plays: two days and more of 10-second slides.)
 */
export const PLAY_ROOM_BYTES = 4 * 1024 * 1024;

/** Every record waiting on the device, oldest first (after the plays noted before the call). */
export async function loadPlays(): Promise<PlayRecord[]> {
  await writing;
  return (await playQueue()).all();
}

let dropped = 0;
/** Plays whose write failed (the device's storage full, nothing left to remove): kept here and written first next time. */
let unsaved: PlayRecord[] = [];
/** The writes of plays, one after the other, in the order the plays were noted. */
let writing: Promise<void> = Promise.resolve();

/** Appends `record`; on a full device, makes room by removing media not needed and tries once more. */
async function appendMakingRoom(queue: PlayQueue, record: PlayRecord): Promise<number> {
  try {
    return await queue.append(record);
  } catch (error) {
    if (!isQuotaError(error) || !(await makeRoomForRecords(PLAY_ROOM_BYTES))) throw error;
    return queue.append(record);
  }
}

async function keep(queue: PlayQueue, record: PlayRecord): Promise<void> {
  const waiting = [...unsaved, record];
  unsaved = [];
  for (const [i, next] of waiting.entries()) {
    let over: number;
    try {
      over = await appendMakingRoom(queue, next);
    } catch {
      // Kept in memory (a reload loses them) and written before the next play.
      unsaved = waiting.slice(i);
      reportProblem('proof of play', `device storage full: ${unsaved.length} plays wait in memory`);
      return;
    }
    if (over > 0) {
      dropped += over;
      const cap = queue.kind === 'indexeddb' ? MAX_QUEUED : MAX_QUEUED_LOCAL;
      reportProblem('proof of play', `${dropped} plays dropped while offline (the device keeps ${cap})`);
    }
  }
}

/**
 * Notes a finished slide in the device's queue (a too-short one is not a play). The write
 * happens in the background; plays are kept in the order they were noted. On a full device
 * media not needed make room for it (PLAY_ROOM_BYTES); when nothing can, it waits in memory
 * and is written before the next one. The promise settles once it is kept (or could not be)
 * and never rejects.
 */
export function recordPlay(slide: FinishedSlide): Promise<void> {
  const ms = slide.endedAt - slide.startedAt;
  if (ms < MIN_PLAY_MS) return Promise.resolve();
  const record: PlayRecord = [
    crypto.randomUUID(),
    slide.startedAt,
    Math.round(ms / 100) / 10,
    slide.campaignId,
    slide.slideId,
    slide.deviceId,
  ];
  writing = writing.then(() =>
    playQueue().then(
      (queue) => keep(queue, record),
      () => undefined,
    ),
  );
  return writing;
}

/**
 * Lets the slideshow run between two batches of an upload: a task's turn (a message to itself,
 * not a timer, so it waits on no clock and is never held up by a paused or mocked one).
 */
const yieldToPlayer = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

let sending: Promise<void> | null = null;

/**
 * Sends the queue, oldest first, a batch at a time, grouped by device: each batch is read, sent
 * and taken out in short steps of its own, so the slideshow runs between them and a play noted
 * meanwhile stays for the next batch. A batch the server took (accepted, duplicate or refused
 * as bad) leaves the queue; a failed call leaves it, and the rest, for the next try. A device
 * the screen may no longer report for (revoked, moved to another venue) has its records
 * dropped: they can never be counted.
 */
export function uploadPlays(): Promise<void> {
  sending ??= (async () => {
    // A run that refused or dropped nothing clears what an earlier one reported.
    let troubled = false;
    try {
      if (!(await hasLiveSession())) return;
      const queue = await playQueue();
      let size = PLAY_BATCH;
      for (;;) {
        const batch = await queue.nextBatch(size);
        if (!batch) {
          if (!troubled) {
            dropped = 0;
            clearProblem('proof of play');
          }
          return;
        }
        const device = batch.records[0]![5];
        const { data, error, status } = await supabase.rpc('record_plays', {
          p_plays: batch.records.map(([id, startedAt, seconds, campaignId, slideId]) => ({
            id,
            started_at: new Date(startedAt).toISOString(),
            seconds,
            campaign_id: campaignId,
            slide_id: slideId,
          })),
          p_device_id: device ?? undefined,
        });
        if (error) {
          // Dropped only when the server, answering this screen's own login, says the device
          // may not report (403: revoked, moved) or the batch is malformed (400). A call that
          // went out without a live login (its renewal failed a moment before: supabase-js then
          // sends the project's public key) is refused with the same code but 401: its plays
          // wait for the next try, as on any failed call.
          if ((error.code === '42501' && status === 403) || error.code === '22023') {
            await queue.remove(batch);
            reportProblem('proof of play', `plays not accepted: ${error.message}`);
            troubled = true;
            continue;
          }
          // The server ran out of time on the batch (a busy database, a month-old backlog whose
          // checks read many days): the same plays again, in smaller calls.
          if (error.code === '57014' && size > MIN_PLAY_BATCH) {
            size = Math.max(MIN_PLAY_BATCH, Math.floor(size / 2));
            continue;
          }
          return;
        }
        if (data.rejected.length > 0) {
          reportProblem('proof of play', `${data.rejected.length} plays refused: ${data.rejected[0]!.reason}`);
          troubled = true;
        }
        await queue.remove(batch);
        await yieldToPlayer();
      }
    } catch {
      // Offline or the server is down: the queue waits for the next try.
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** Sends the queue now, every PLAY_UPLOAD_MS while `playing`, and when the network comes back. */
export function usePlayUploads(playing: boolean): void {
  useEffect(() => {
    if (!playing) return;
    const send = () => void uploadPlays();
    send();
    const timer = setInterval(send, PLAY_UPLOAD_MS);
    window.addEventListener('online', send);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [playing]);
}

/**
 * Notes the slide on screen as played when it leaves (a switch, or the player closing).
 * `seq` counts switches: an edit of the slide on screen keeps it, so it is not a new play.
 */
export function useProofOfPlay(
  seq: number,
  campaignId: string | undefined,
  slideId: string | undefined,
  deviceId: string | null,
) {
  const device = useRef(deviceId);
  useEffect(() => {
    device.current = deviceId;
  });
  useEffect(() => {
    if (!campaignId || !slideId) return;
    const startedAt = Date.now();
    return () => {
      void recordPlay({ campaignId, slideId, deviceId: device.current, startedAt, endedAt: Date.now() });
    };
    // A new play starts only at a switch (seq), whatever else changes on screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);
}
