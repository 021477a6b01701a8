// Remote commands on a paired screen. The database broadcasts each new command on the screen's
// private topic 'screen:<device_id>'; the screen also reads its queued commands
// (my_screen_commands) each time the channel is (re)subscribed and every minute, so what was
// asked while it was offline runs when it returns. Each command runs once, in order: the screen
// says it received it (delivered), runs it, and answers done or failed with a result
// (ack_screen_command). Nothing of this shows on the wall but the identify overlay: a command
// that fails is reported, never displayed.
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getPlaylist } from '@/entities/playlist/playlist';
import { mediaKey, signSlideMedia, slideMedia, type SlideMedia } from '@/entities/slide/slide-images';
import { hasLiveSession, supabase } from '@/lib/supabase';
import type { Json } from '@/types/database';
import { clearMediaCache, keepMedia, takeMediaUrls } from './media';
import { getPlayerData, playerKeys, type Playlist } from './playlist';

export type ScreenCommandName = 'reload' | 'resync' | 'identify' | 'screenshot';

export interface ScreenCommand {
  id: string;
  command: ScreenCommandName;
}

type AckStatus = 'delivered' | 'done' | 'failed';

/**
 * How often a playing screen reads its queued commands besides the ones pushed to it: every
 * minute while its channel is down, every five while it is up (a safety net only then).
 */
export const COMMAND_POLL_MS = 60_000;
export const COMMAND_LIVE_POLL_MS = 5 * 60_000;

/** The private Realtime topic a screen's commands are broadcast on. */
export const screenTopic = (deviceId: string) => `screen:${deviceId}`;

/** The bucket screenshots go to, at `<device_id>/<command_id>.jpg`. */
export const SCREENSHOT_BUCKET = 'screenshots';

const isCommand = (value: unknown): value is ScreenCommand => {
  const v = value as Partial<ScreenCommand> | null;
  return (
    typeof v?.id === 'string' &&
    (v.command === 'reload' || v.command === 'resync' || v.command === 'identify' || v.command === 'screenshot')
  );
};

/** This screen's queued commands, oldest first; none when the network is out. */
export async function readQueuedCommands(): Promise<ScreenCommand[]> {
  if (!(await hasLiveSession())) return [];
  const { data, error } = await supabase.rpc('my_screen_commands');
  if (error || !Array.isArray(data)) return [];
  return (data as unknown[]).filter(isCommand).map(({ id, command }) => ({ id, command }));
}

/** Answers a command; the status it has now (expired, perhaps), or null when the answer did not get through. */
export async function ackCommand(id: string, status: AckStatus, result?: Record<string, Json>): Promise<string | null> {
  const { data, error } = await supabase.rpc('ack_screen_command', {
    p_id: id,
    p_status: status,
    ...(result ? { p_result: result } : {}),
  });
  if (error || !data) return null;
  return (data as { status: string }).status;
}

/** Uploads a screenshot; its storage path. */
export async function uploadScreenshot(deviceId: string, commandId: string, picture: Blob): Promise<string> {
  const path = `${deviceId}/${commandId}.jpg`;
  const { error } = await supabase.storage
    .from(SCREENSHOT_BUCKET)
    .upload(path, picture, { contentType: 'image/jpeg', upsert: false });
  if (error) throw new Error(`The screenshot could not be uploaded: ${error.message}`);
  return path;
}

/** The files a playlist shows: the venue's slides and its spots' slides. */
function filesOf(playlist: Playlist): SlideMedia[] {
  const spots = (playlist as { spots?: readonly { slides?: readonly Playlist['slides'][number][] }[] | null }).spots;
  return [...playlist.slides, ...(spots ?? []).flatMap((s) => s.slides ?? [])]
    .map(slideMedia)
    .filter((m): m is SlideMedia => m !== null);
}

/** Old object URLs are revoked this long after a resync (the slide on screen may still show one). */
export const RESYNC_REVOKE_AFTER_MS = 60 * 60_000;

/**
 * Drops what the screen keeps and reads everything again, without going blank: the playlist is
 * read first (offline, nothing is dropped and the command fails); every file it shows is
 * downloaded again into the cache (replacing the kept copy, so a video playing from it goes
 * on), files it no longer shows leave the cache, and the playlist kept on the device is
 * replaced. The player takes the new data at its next slide boundary; the slide on screen stays.
 */
export async function resyncPlayer(queryClient: QueryClient, userId: string, deviceId: string | null = null) {
  if (!(await hasLiveSession())) throw new Error('No network: nothing was dropped.');
  const playlist = await getPlaylist(undefined, { retry: false, deviceId });
  const files = filesOf(playlist);
  const links = typeof caches !== 'undefined' && files.length > 0 ? await signSlideMedia(files) : new Map<string, string>();
  await clearMediaCache(files);
  await Promise.all(
    files.map(async (m) => {
      const link = links.get(mediaKey(m));
      if (link) await keepMedia(m, link);
    }),
  );
  const old = takeMediaUrls();
  const data = await getPlayerData(userId, undefined, false, deviceId);
  queryClient.setQueryData(playerKeys.playlist(userId, deviceId), data);
  if (old.length) setTimeout(() => old.forEach((url) => URL.revokeObjectURL(url)), RESYNC_REVOKE_AFTER_MS);
}

export interface CommandHandlers {
  identify: () => void | Promise<void>;
  resync: () => Promise<void>;
  /** Takes and uploads a screenshot for the command; its storage path. */
  screenshot: (commandId: string) => Promise<string>;
  reload: () => void;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * Runs the commands of the paired screen `deviceId` while `enabled`: pushed ones at once,
 * queued ones on each (re)subscription and every COMMAND_POLL_MS. A reload runs after the other
 * commands read with it, and once however many were queued.
 */
export function useScreenCommands(deviceId: string | null, enabled: boolean, handlers: CommandHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled || !deviceId) return;
    let closed = false;
    const seen = new Set<string>();
    let running = Promise.resolve();

    const run = async (command: ScreenCommand) => {
      if (closed || seen.has(command.id)) return;
      seen.add(command.id);
      const received = await ackCommand(command.id, 'delivered');
      // Not through (offline): read again later. Done, failed or expired: nothing to run.
      if (received !== 'delivered') {
        if (received === null) seen.delete(command.id);
        return;
      }
      const h = latest.current;
      try {
        if (command.command === 'identify') {
          await h.identify();
          await ackCommand(command.id, 'done');
        } else if (command.command === 'resync') {
          await h.resync();
          await ackCommand(command.id, 'done');
        } else if (command.command === 'screenshot') {
          const path = await h.screenshot(command.id);
          await ackCommand(command.id, 'done', { path });
        } else if ((await ackCommand(command.id, 'done')) === 'done' && !closed) {
          h.reload();
        }
      } catch (error) {
        await ackCommand(command.id, 'failed', { error: reason(error) });
      }
    };

    const enqueue = (commands: ScreenCommand[]) => {
      const fresh = commands.filter((c) => !seen.has(c.id));
      const reloads = fresh.filter((c) => c.command === 'reload');
      // One reload for the lot, after the rest; the others are answered as done with it.
      const ordered = [...fresh.filter((c) => c.command !== 'reload'), ...reloads.slice(-1)];
      for (const extra of reloads.slice(0, -1)) {
        seen.add(extra.id);
        running = running.then(() => ackCommand(extra.id, 'done', { merged: true }).then(() => undefined));
      }
      for (const c of ordered) running = running.then(() => run(c)).catch(() => undefined);
    };
    const readQueued = () => {
      void readQueuedCommands().then((commands) => {
        if (!closed) enqueue(commands);
      });
    };

    const channel = supabase
      .channel(screenTopic(deviceId), { config: { private: true } })
      .on('broadcast', { event: 'command' }, (message: { payload?: unknown }) => {
        if (isCommand(message.payload)) enqueue([message.payload]);
      });
    let live = false;
    let poll: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(poll);
      poll = setTimeout(
        () => {
          readQueued();
          schedule();
        },
        live ? COMMAND_LIVE_POLL_MS : COMMAND_POLL_MS,
      );
    };
    void supabase.realtime.setAuth().finally(() => {
      if (closed) return;
      channel.subscribe((status) => {
        if (closed) return;
        const wasLive = live;
        live = status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED;
        if (live) readQueued();
        if (live !== wasLive) schedule();
      });
    });
    // Read at once as well: a socket that cannot connect leaves the poll to find them.
    readQueued();
    schedule();
    return () => {
      closed = true;
      clearTimeout(poll);
      void supabase.removeChannel(channel);
    };
  }, [deviceId, enabled]);
}
