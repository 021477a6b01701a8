import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { customerDeleteImpactOptions, type CustomerDeleteImpact } from '../api/customers';
import type { Customer } from '../api/customer-schema';

/** What the confirmation says goes with the customer, and what stays. */
export function deleteImpactText(name: string, impact: CustomerDeleteImpact): string {
  const campaigns =
    impact.campaigns === 0
      ? translate('customers:delete.impact.noCampaigns', { name })
      : translate('customers:delete.impact.campaigns', {
          campaigns: translate('customers:delete.impact.campaignCount', { count: impact.campaigns }),
          slides: translate('customers:delete.impact.slideCount', { count: impact.slides }),
        });
  if (impact.screens === 0) return campaigns;
  const screens = translate('customers:delete.impact.screens', { count: impact.screens });
  return translate('customers:delete.impact.both', { campaigns, screens });
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
  const { t } = useTranslation('customers');
  const impact = useQuery({ ...customerDeleteImpactOptions(customer?.id ?? ''), enabled: customer !== null });
  return (
    <ConfirmDialog
      open={customer !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={customer ? t('delete.title', { name: customer.name }) : t('delete.titleNone')}
      description={customer ? t('delete.description', { name: customer.name }) : undefined}
      confirmLabel={t('delete.confirm')}
      isPending={isPending}
      onConfirm={onConfirm}
    >
      <div className="space-y-3">
        {impact.isPending ? (
          <Skeleton className="h-10" />
        ) : impact.isError ? (
          <Alert tone="warning">{t('delete.countFailed')}</Alert>
        ) : (
          customer && (
            <Alert tone={impact.data.campaigns > 0 ? 'warning' : 'info'}>
              {deleteImpactText(customer.name, impact.data)}
            </Alert>
          )
        )}
        {isError && <Alert tone="danger">{t('delete.failed')}</Alert>}
      </div>
    </ConfirmDialog>
  );
}
