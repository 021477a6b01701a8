import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { customerDeleteImpactOptions, type CustomerDeleteImpact } from '../api/customers';
import type { Customer } from '../api/customer-schema';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the confirmation says goes with the customer, and what stays. */
export function deleteImpactText(name: string, impact: CustomerDeleteImpact): string {
  const campaigns =
    impact.campaigns === 0
      ? `${name} has no campaigns.`
      : `Their ${count(impact.campaigns, 'campaign')} (${count(impact.slides, 'slide')}) will be deleted too and stop playing at once.`;
  const screens =
    impact.screens === 0
      ? ''
      : ` ${impact.screens === 1 ? 'Their screen stays' : `Their ${impact.screens} screens stay`} in Equipment Status, without a venue.`;
  return `${campaigns}${screens}`;
}

export interface DeleteCustomerDialogProps {
  customer: Customer | null;
  isPending: boolean;
  isError: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before deleting a customer, saying what goes with them: their campaigns and those
 * campaigns' slides (deleted with the customer), while their screens stay, unassigned.
 */
export function DeleteCustomerDialog({ customer, isPending, isError, onCancel, onConfirm }: DeleteCustomerDialogProps) {
  const impact = useQuery({ ...customerDeleteImpactOptions(customer?.id ?? ''), enabled: customer !== null });
  return (
    <ConfirmDialog
      open={customer !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={customer ? `Delete ${customer.name}?` : 'Delete customer?'}
      description={
        customer
          ? `${customer.name} and their details will be permanently deleted. This cannot be undone. To take them off the air and keep everything, deactivate them instead.`
          : undefined
      }
      confirmLabel="Delete"
      isPending={isPending}
      onConfirm={onConfirm}
    >
      <div className="space-y-3">
        {impact.isPending ? (
          <Skeleton className="h-10" />
        ) : impact.isError ? (
          <Alert tone="warning">
            Could not count this customer&apos;s campaigns. Deleting the customer deletes all their campaigns and
            slides.
          </Alert>
        ) : (
          customer && (
            <Alert tone={impact.data.campaigns > 0 ? 'warning' : 'info'}>
              {deleteImpactText(customer.name, impact.data)}
            </Alert>
          )
        )}
        {isError && <Alert tone="danger">Failed to delete customer. Please try again.</Alert>}
      </div>
    </ConfirmDialog>
  );
}
