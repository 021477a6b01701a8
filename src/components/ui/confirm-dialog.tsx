import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { overlayClasses, panelClasses } from './dialog';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Text of the confirming button (default 'Delete'). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Danger styling for destructive actions (default true). */
  destructive?: boolean;
  /** While true the confirm button shows progress and neither button can be pressed. */
  isPending?: boolean;
  /** Called on confirm. The dialog stays open; close it by setting `open` when the work is done. */
  onConfirm: () => void;
  /** Extra content under the description, such as an error message. */
  children?: ReactNode;
}

/** Asks before a destructive action (Radix AlertDialog: focus starts on Cancel, Escape cancels). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = true,
  isPending = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={panelClasses}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="mt-2 text-sm text-gray-500">{description}</AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{t('pleaseConfirm')}</AlertDialog.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={isPending}>
                {cancelLabel ?? t('actions.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={destructive ? 'danger' : 'primary'} isLoading={isPending} onClick={onConfirm}>
              {confirmLabel ?? t('actions.delete')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
