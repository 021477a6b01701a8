import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { overlayClasses, panelClasses } from '@/components/ui/dialog';

export interface ConflictDialogProps {
  open: boolean;
  isPending: boolean;
  /** Closes the dialog and keeps the local edits (Escape does the same). */
  onDismiss: () => void;
  onReload: () => void;
  onOverwrite: () => void;
}

/** Another admin saved the campaign since it was loaded: reload theirs, or overwrite with ours. */
export function ConflictDialog({ open, isPending, onDismiss, onReload, onOverwrite }: ConflictDialogProps) {
  const { t } = useTranslation('campaigns');
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !isPending && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={panelClasses}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">
            {t('conflict.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-500">
            {t('conflict.description')}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost" disabled={isPending}>
                {t('conflict.keep')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="outline" disabled={isPending} onClick={onReload}>
              {t('conflict.reload')}
            </Button>
            <Button variant="danger" isLoading={isPending} onClick={onOverwrite}>
              {t('conflict.overwrite')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
