// Remote commands from Equipment: admins and operators send reload, resync, identify or
// screenshot to one or many screens (issue_screen_commands, all or none); each card shows its
// screen's last command and how it went, live (screen_commands is in the Realtime
// publication), and its latest screenshot (a JPEG in the private screenshots bucket).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTableChanges } from '@/lib/realtime';
import { supabase } from '@/lib/supabase';
import { deviceFailure } from '@/entities/device/server-errors';
import { translate } from '@/i18n';
import type { Tables } from '@/types/database';

export type ScreenCommand = Tables<'screen_commands'>;
export type CommandName = 'reload' | 'resync' | 'identify' | 'screenshot';

/** The commands in the menu's order; each one's label and description are in the catalogue (equipment:commands.<name>). */
export const COMMANDS: readonly CommandName[] = ['reload', 'resync', 'identify', 'screenshot'];

const isCommand = (name: string): name is CommandName => (COMMANDS as readonly string[]).includes(name);

/** 'Reload', 'Resync', 'Identify' or 'Screenshot' in the current language; an unknown command as it is written. */
export const commandLabel = (name: string) => (isCommand(name) ? translate(`equipment:commands.${name}.label`) : name);

/** How long a screenshot's link lasts. */
const SCREENSHOT_LINK_SECONDS = 60 * 60;

export const commandKeys = {
  all: ['screen_commands'] as const,
  device: (deviceId: string) => [...commandKeys.all, 'device', deviceId] as const,
};

export interface DeviceCommands {
  /** The last command sent to the screen, or null. */
  last: ScreenCommand | null;
  /** The latest screenshot taken, with a link to its picture. */
  screenshot: { command: ScreenCommand; url: string } | null;
}

/** A command still waiting past its day is expired, whether or not the upkeep job marked it yet. */
export function commandStatus(command: Pick<ScreenCommand, 'status' | 'expires_at'>, now = Date.now()): string {
  if ((command.status === 'queued' || command.status === 'delivered') && Date.parse(command.expires_at) <= now) {
    return 'expired';
  }
  return command.status;
}

async function fetchDeviceCommands(deviceId: string): Promise<DeviceCommands> {
  const [last, shot] = await Promise.all([
    supabase
      .from('screen_commands')
      .select('*')
      .eq('device_id', deviceId)
      .order('issued_at', { ascending: false })
      .limit(1)
      .throwOnError(),
    supabase
      .from('screen_commands')
      .select('*')
      .eq('device_id', deviceId)
      .eq('command', 'screenshot')
      .eq('status', 'done')
      .order('finished_at', { ascending: false })
      .limit(1)
      .throwOnError(),
  ]);
  const command = shot.data[0] ?? null;
  const path = (command?.result as { path?: unknown } | null)?.path;
  let screenshot: DeviceCommands['screenshot'] = null;
  if (command && typeof path === 'string') {
    const { data } = await supabase.storage.from('screenshots').createSignedUrl(path, SCREENSHOT_LINK_SECONDS);
    if (data?.signedUrl) screenshot = { command, url: data.signedUrl };
  }
  return { last: last.data[0] ?? null, screenshot };
}

export const deviceCommandsQueryOptions = (deviceId: string) =>
  queryOptions({
    queryKey: commandKeys.device(deviceId),
    queryFn: () => fetchDeviceCommands(deviceId),
    staleTime: 30_000,
  });

/**
 * Keeps the cards' commands current: a change to a screen's commands reads that screen's again,
 * and each subscription (the first, or after a drop) reads them all, for what changed unsent.
 */
export function useScreenCommandsLive(enabled = true) {
  const queryClient = useQueryClient();
  return useTableChanges({
    name: 'screen-commands',
    tables: [{ table: 'screen_commands' }],
    enabled,
    onChange: (change) => {
      const row = (change.eventType === 'DELETE' ? change.old : change.new) as { device_id?: string };
      void queryClient.invalidateQueries({
        queryKey: row.device_id ? commandKeys.device(row.device_id) : commandKeys.all,
      });
    },
    onSubscribed: () => void queryClient.invalidateQueries({ queryKey: commandKeys.all }),
  });
}

export interface IssueCommands {
  deviceIds: readonly string[];
  command: CommandName;
}

export function useIssueCommands() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ deviceIds, command }: IssueCommands): Promise<ScreenCommand[]> => {
      const { data, error } = await supabase.rpc('issue_screen_commands', {
        p_device_ids: [...deviceIds],
        p_command: command,
      });
      if (error) throw deviceFailure(translate('equipment:commands.sendFailed'), error);
      return data;
    },
    onSuccess: (_data, { deviceIds }) =>
      Promise.all(deviceIds.map((id) => queryClient.invalidateQueries({ queryKey: commandKeys.device(id) }))),
  });
}
