import { Building2, Eye, Mail, Pencil, Phone, Power } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TruncatedText } from '@/components/ui/truncated-text';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { industryLabel } from '../api/advertiser-schema';
import type { Advertiser } from '../api/advertisers';
import { AdvertiserStatusBadge } from './advertiser-status-badge';
import { useMayUse } from '@/lib/may-use';

export interface AdvertiserCardProps {
  advertiser: Advertiser;
  onToggle: (advertiser: Advertiser) => void;
  isToggling: boolean;
}

export function AdvertiserCard({ advertiser, onToggle, isToggling }: AdvertiserCardProps) {
  const { t } = useTranslation(['advertisers', 'common']);
  const canChange = useMayUse('advertisers');
  const seesMoney = useMayUse('money');
  const active = advertiser.status === 'active';
  return (
    <Card className="flex flex-col" aria-label={advertiser.business_name} role="article">
      <div className="flex items-start justify-between gap-3 px-5 pt-5">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Building2 aria-hidden className="size-5" />
          </span>
          <div className="min-w-0">
            <TruncatedText as="h2" className="font-semibold text-gray-900">
              {advertiser.business_name}
            </TruncatedText>
            <TruncatedText as="p" className="text-sm text-gray-500">
              {advertiser.advertiser_name}
            </TruncatedText>
          </div>
        </div>
        <AdvertiserStatusBadge status={advertiser.status} />
      </div>
      <dl className="space-y-1.5 px-5 py-4 text-sm text-gray-600">
        <div className="flex min-w-0 items-center gap-2">
          <dt className="shrink-0">
            <Mail aria-label={t('card.email')} className="size-4" />
          </dt>
          <TruncatedText as="dd">{advertiser.email}</TruncatedText>
        </div>
        {advertiser.contact_number && (
          <div className="flex items-center gap-2">
            <dt>
              <Phone aria-label={t('card.phone')} className="size-4" />
            </dt>
            <dd>{advertiser.contact_number}</dd>
          </div>
        )}
        <div className="flex min-w-0 items-center gap-2">
          <dt className="shrink-0 text-gray-500">{t('card.industry')}</dt>
          <TruncatedText as="dd">
            {advertiser.industry ? industryLabel(advertiser.industry) : t('common:states.none')}
          </TruncatedText>
        </div>
        {seesMoney && (
          <div className="flex items-center gap-2">
            <dt className="text-gray-500">{t('card.totalSpent')}</dt>
            <dd className="font-medium text-gray-900">{formatMoney(advertiser.total_spent)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-gray-200 px-5 py-3">
        <Button asChild variant="outline" size="sm">
          <Link
            to={paths.dashboard.advertisers.view.getHref(advertiser.id)}
            aria-label={t('card.viewLabel', { name: advertiser.business_name })}
          >
            <Eye aria-hidden className="size-4" />
            {t('card.view')}
          </Link>
        </Button>
        {canChange && (
          <>
            <Button asChild variant="outline" size="sm">
              <Link
                to={paths.dashboard.advertisers.edit.getHref(advertiser.id)}
                aria-label={t('card.editLabel', { name: advertiser.business_name })}
              >
                <Pencil aria-hidden className="size-4" />
                {t('common:actions.edit')}
              </Link>
            </Button>
            <Button
              variant="outline"
              size="sm"
              isLoading={isToggling}
              onClick={() => onToggle(advertiser)}
              aria-label={t(active ? 'card.deactivateLabel' : 'card.activateLabel', { name: advertiser.business_name })}
            >
              {!isToggling && <Power aria-hidden className="size-4" />}
              {t(active ? 'card.deactivate' : 'card.activate')}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
