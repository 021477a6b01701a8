import * as AlertDialog from '@radix-ui/react-alert-dialog';
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
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !isPending && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={panelClasses}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">
            Someone else saved this campaign
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-500">
            Another admin saved this campaign after you opened it. Reload to see their version (your changes here are
            discarded), or overwrite theirs with yours.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost" disabled={isPending}>
                Keep editing
              </Button>
            </AlertDialog.Cancel>
            <Button variant="outline" disabled={isPending} onClick={onReload}>
              Reload their version
            </Button>
            <Button variant="danger" isLoading={isPending} onClick={onOverwrite}>
              Overwrite with mine
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
