import { Eye, Mail, MapPin, Pencil, Power, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TruncatedText } from '@/components/ui/truncated-text';
import { paths } from '@/config/paths';
import type { Customer } from '../api/customer-schema';
import { CustomerStatusBadge } from './customer-status-badge';
import { useMayUse } from '@/lib/may-use';

export interface CustomerCardProps {
  customer: Customer;
  onToggleStatus: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
  isToggling: boolean;
}

export function CustomerCard({ customer, onToggleStatus, onDelete, isToggling }: CustomerCardProps) {
  const { t } = useTranslation('customers');
  const canChange = useMayUse('venues');
  const active = customer.status === 'active';
  return (
    <Card className="flex flex-col" role="article" aria-labelledby={`customer-${customer.id}`}>
      <div className="flex items-start justify-between gap-3 px-5 pt-5">
        <TruncatedText as="h2" id={`customer-${customer.id}`} className="flex-1 text-base font-semibold text-gray-900">
          {customer.name}
        </TruncatedText>
        <CustomerStatusBadge status={customer.status} />
      </div>
      <dl className="flex-1 space-y-1.5 px-5 py-3 text-sm text-gray-600">
        <div className="flex min-w-0 items-center gap-2">
          <dt className="shrink-0">
            <MapPin aria-hidden className="size-4 text-gray-400" />
            <span className="sr-only">{t('card.location')}</span>
          </dt>
          <TruncatedText as="dd">{customer.location || t('card.noLocation')}</TruncatedText>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt className="shrink-0">
            <Mail aria-hidden className="size-4 text-gray-400" />
            <span className="sr-only">{t('card.email')}</span>
          </dt>
          <TruncatedText as="dd">{customer.email}</TruncatedText>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-1 border-t border-gray-200 px-3 py-2">
        <Button asChild variant="ghost" size="sm">
          <Link
            to={paths.dashboard.customers.view.getHref(customer.id)}
            aria-label={t('card.viewName', { name: customer.name })}
          >
            <Eye aria-hidden className="size-4" />
            {t('card.view')}
          </Link>
        </Button>
        {canChange && (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link
                to={paths.dashboard.customers.edit.getHref(customer.id)}
                aria-label={t('card.editName', { name: customer.name })}
              >
                <Pencil aria-hidden className="size-4" />
                {t('card.edit')}
              </Link>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              isLoading={isToggling}
              onClick={() => onToggleStatus(customer)}
              aria-label={t(active ? 'card.deactivateName' : 'card.activateName', { name: customer.name })}
            >
              {!isToggling && <Power aria-hidden className="size-4" />}
              {active ? t('card.deactivate') : t('card.activate')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto text-danger-700 hover:bg-danger-50"
              onClick={() => onDelete(customer)}
              aria-label={t('card.deleteName', { name: customer.name })}
            >
              <Trash2 aria-hidden className="size-4" />
              {t('card.delete')}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
