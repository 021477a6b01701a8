// Proof of play: the player notes every slide it finishes (which slide, of which campaign,
// when it came up and how long it stayed) in a queue kept on the device, and uploads the
// queue in batches (public.record_plays). Each record carries an id made here, so a batch
// sent again after a lost answer is counted once. The queue lives in localStorage: it
// survives a reload and an outage; past MAX_QUEUED records the oldest go, and the
// Equipment page hears of it through the heartbeat's diagnostics.
import { useEffect, useRef } from 'react';
import { clearProblem, reportProblem } from '@/lib/diagnostics';
import { hasLiveSession, supabase } from '@/lib/supabase';

/** How often the queue is sent while the player plays (and at once when the network returns). */
export const PLAY_UPLOAD_MS = 60_000;
/** Records per call (record_plays takes up to 5000). */
export const PLAY_BATCH = 1000;
/** At most this many records wait on the device (about two days of 10-second slides). */
export const MAX_QUEUED = 15_000;
/** A slide on screen for less than this (a switch straight after it came up) is not a play. */
export const MIN_PLAY_MS = 500;

export const PLAYS_KEY = 'signage-player:plays';

/** One finished slide: [id, started at (ms since epoch), seconds, campaign id, slide id, device id or null]. */
export type PlayRecord = [string, number, number, string, string, string | null];

export interface FinishedSlide {
  campaignId: string;
  slideId: string;
  /** The device a venue's kiosk chose to be; null on a paired screen (its login names it). */
  deviceId: string | null;
  startedAt: number;
  endedAt: number;
}

export function loadPlays(): PlayRecord[] {
  try {
    const value = JSON.parse(localStorage.getItem(PLAYS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as PlayRecord[]).filter((r) => Array.isArray(r) && r.length === 6) : [];
  } catch {
    return [];
  }
}

function savePlays(records: PlayRecord[]): void {
  try {
    localStorage.setItem(PLAYS_KEY, JSON.stringify(records));
  } catch {
    // A full storage: keep the newer half rather than lose the next ones too.
    try {
      localStorage.setItem(PLAYS_KEY, JSON.stringify(records.slice(Math.floor(records.length / 2))));
      reportProblem('proof of play', 'device storage full: older plays were dropped');
    } catch {
      // Nothing can be kept.
    }
  }
}

let dropped = 0;

/** Notes a finished slide in the device's queue (a too-short one is not a play). */
export function recordPlay(slide: FinishedSlide): void {
  const ms = slide.endedAt - slide.startedAt;
  if (ms < MIN_PLAY_MS) return;
  const records = loadPlays();
  records.push([
    crypto.randomUUID(),
    slide.startedAt,
    Math.round(ms / 100) / 10,
    slide.campaignId,
    slide.slideId,
    slide.deviceId,
  ]);
  const over = records.length - MAX_QUEUED;
  if (over > 0) {
    records.splice(0, over);
    dropped += over;
    reportProblem('proof of play', `${dropped} plays dropped while offline (the device keeps ${MAX_QUEUED})`);
  }
  savePlays(records);
}

/** Takes these records out of the queue (sent, already counted, or refused for good). */
function forget(ids: Set<string>): void {
  if (ids.size === 0) return;
  savePlays(loadPlays().filter((r) => !ids.has(r[0])));
}

let sending: Promise<void> | null = null;

/**
 * Sends the queue, a batch at a time, grouped by device. A batch the server took (accepted,
 * duplicate or refused as bad) leaves the queue; a failed call leaves it for the next try.
 * A device the screen may no longer report for (revoked, moved to another venue) has its
 * records dropped: they can never be counted.
 */
export function uploadPlays(): Promise<void> {
  sending ??= (async () => {
    // A run that refused or dropped nothing clears what an earlier one reported.
    let troubled = false;
    try {
      if (!(await hasLiveSession())) return;
      for (let round = 0; round < 20; round++) {
        const records = loadPlays();
        if (records.length === 0) {
          if (!troubled) {
            dropped = 0;
            clearProblem('proof of play');
          }
          return;
        }
        const device = records[0]![5];
        const batch = records.filter((r) => r[5] === device).slice(0, PLAY_BATCH);
        const { data, error } = await supabase.rpc('record_plays', {
          p_plays: batch.map(([id, startedAt, seconds, campaignId, slideId]) => ({
            id,
            started_at: new Date(startedAt).toISOString(),
            seconds,
            campaign_id: campaignId,
            slide_id: slideId,
          })),
          p_device_id: device ?? undefined,
        });
        if (error) {
          if (error.code === '42501' || error.code === '22023') {
            forget(new Set(batch.map((r) => r[0])));
            reportProblem('proof of play', `plays not accepted: ${error.message}`);
            troubled = true;
            continue;
          }
          return;
        }
        if (data.rejected.length > 0) {
          reportProblem('proof of play', `${data.rejected.length} plays refused: ${data.rejected[0]!.reason}`);
          troubled = true;
        }
        forget(new Set(batch.map((r) => r[0])));
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
    return () => recordPlay({ campaignId, slideId, deviceId: device.current, startedAt, endedAt: Date.now() });
    // A new play starts only at a switch (seq), whatever else changes on screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq]);
}
