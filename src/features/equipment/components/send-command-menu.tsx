// "Commands" on Equipment: sends reload, resync, identify or screenshot to one screen or many
// at once (one call, all or none), for team members who control screens (admins, operators).
// Others see nothing of it.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Camera, ChevronDown, Fingerprint, RefreshCw, RotateCw, SendHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useCan } from '@/lib/auth';
import { cn } from '@/utils/cn';
import { COMMANDS, commandLabel, useIssueCommands, type CommandName } from '../api/screen-commands';

const ICONS: Record<CommandName, typeof Camera> = {
  reload: RotateCw,
  resync: RefreshCw,
  identify: Fingerprint,
  screenshot: Camera,
};

export interface SendCommandMenuProps {
  /** The screens the command goes to. */
  deviceIds: readonly string[];
  /** Names the screens in the button's accessible name (one screen: its name). */
  label?: string;
  size?: 'sm' | 'md';
  variant?: 'outline' | 'ghost';
  onSent?: (command: CommandName) => void;
}

export function SendCommandMenu({ deviceIds, label, size = 'sm', variant = 'outline', onSent }: SendCommandMenuProps) {
  const { t } = useTranslation('equipment');
  const allowed = useCan('screens');
  const issue = useIssueCommands();
  const toast = useToast();
  if (!allowed) return null;
  const count = deviceIds.length;

  const send = (command: CommandName) =>
    issue.mutate(
      { deviceIds, command },
      {
        onSuccess: () => {
          toast({ tone: 'success', title: t('commands.sent', { command: commandLabel(command), count }) });
          onSent?.(command);
        },
        onError: (error) =>
          toast({
            tone: 'danger',
            title: t('commands.notSent', { command: commandLabel(command) }),
            description: error.message,
          }),
      },
    );

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant={variant}
          size={size}
          isLoading={issue.isPending}
          disabled={count === 0}
          aria-label={label ? t('commands.menuFor', { label }) : t('commands.menu')}
        >
          {!issue.isPending && <SendHorizontal aria-hidden className="size-4" />}
          {t('commands.menu')}
          <ChevronDown aria-hidden className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 w-72 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          {COMMANDS.map((name) => {
            const Icon = ICONS[name];
            return (
              <DropdownMenu.Item
                key={name}
                onSelect={() => send(name)}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded px-3 py-2 text-sm text-gray-900 outline-none',
                  'data-[highlighted]:bg-gray-100',
                )}
              >
                <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-gray-500" />
                <span>
                  <span className="block font-medium">{t(`commands.${name}.label`)}</span>
                  <span className="block text-xs text-gray-500">{t(`commands.${name}.description`)}</span>
                </span>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
