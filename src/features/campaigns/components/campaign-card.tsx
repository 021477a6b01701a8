import { checkboxClass } from '@/components/ui/checkbox-list';
import { CalendarDays, Clock, Layers, MapPin, Network, Pencil, Presentation, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TruncatedText } from '@/components/ui/truncated-text';
import { paths } from '@/config/paths';
import { advertiserName, type CampaignListItem } from '../api/campaigns';
import type { CampaignPacing } from '../api/delivery';
import { formatDuration } from '@/lib/format';
import { formatCalendarDate } from '@/entities/campaign/campaign-dates';
import { contentTypeLabel, statusLabel } from '../lib/format';
import { AirStatus } from './air-status';
import { PacingText } from './pacing-text';
import { useMayUse } from '@/lib/may-use';

const statusTones: Record<string, BadgeProps['tone']> = {
  active: 'success',
  paused: 'warning',
  scheduled: 'brand',
  completed: 'neutral',
};

export interface CampaignCardProps {
  campaign: CampaignListItem;
  onDelete: (campaign: CampaignListItem) => void;
  /** A network campaign's plays expected and recorded so far; undefined while loading or unknown. */
  pacing?: CampaignPacing;
  /** Whether the campaign is ticked for a bulk action; with onSelectedChange, the card has a checkbox. */
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
}

/** The card's dates: both, one open end, or none set. */
function CampaignDates({ start, end }: { start: string | null; end: string | null }) {
  const { t } = useTranslation('campaigns');
  if (!start && !end) return <>{t('card.noDates')}</>;
  if (!end) return <>{t('card.datesFrom', { start: formatCalendarDate(start) })}</>;
  if (!start) return <>{t('card.datesUntil', { end: formatCalendarDate(end) })}</>;
  return <>{t('card.dates', { start: formatCalendarDate(start), end: formatCalendarDate(end) })}</>;
}

export function CampaignCard({ campaign, onDelete, pacing, selected = false, onSelectedChange }: CampaignCardProps) {
  const { t } = useTranslation(['campaigns', 'common']);
  const canChange = useMayUse('content');
  const headingId = `campaign-${campaign.id}`;
  const network = campaign.customer_id === null;
  return (
    <Card className="flex flex-col" aria-labelledby={headingId} role="article">
      <div className="flex-1 space-y-3 p-5">
        <div className="flex items-start justify-between gap-3">
          {onSelectedChange && (
            <input
              type="checkbox"
              className={`${checkboxClass} mt-1`}
              aria-label={t('card.select', { name: campaign.name })}
              checked={selected}
              onChange={(event) => onSelectedChange(event.target.checked)}
            />
          )}
          <div className="min-w-0 flex-1">
            <TruncatedText as="h2" id={headingId} className="text-base font-semibold text-gray-900">
              {campaign.name}
            </TruncatedText>
            {network ? (
              <>
                <TruncatedText as="p" className="text-sm text-gray-600">
                  {advertiserName(campaign.advertisers) ?? t('card.noAdvertiser')}
                </TruncatedText>
                <p className="flex min-w-0 items-center gap-1 text-xs text-gray-500">
                  <Network aria-hidden className="size-3 shrink-0" />
                  <span>
                    {t(campaign.plays_on === 'network' ? 'card.playsOnNetwork' : 'card.playsOnTargets', {
                      count: campaign.spots_per_loop,
                    })}
                  </span>
                </p>
              </>
            ) : (
              <>
                <TruncatedText as="p" className="text-sm text-gray-600">
                  {campaign.customers?.name ?? t('card.noCustomer')}
                </TruncatedText>
                {campaign.customers?.location && (
                  <p className="flex min-w-0 items-center gap-1 text-xs text-gray-500">
                    <MapPin aria-hidden className="size-3 shrink-0" />
                    <TruncatedText>{campaign.customers.location}</TruncatedText>
                  </p>
                )}
              </>
            )}
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <Badge tone={statusTones[campaign.status] ?? 'neutral'}>{statusLabel(campaign.status)}</Badge>
            {network && <Badge tone="brand">{t('card.network')}</Badge>}
          </div>
        </div>
        <AirStatus campaign={campaign} />
        {network && pacing && <PacingText expected={pacing.expected_plays} recorded={pacing.recorded_plays} />}
        <dl className="grid grid-cols-2 gap-2 text-sm text-gray-600">
          <div className="col-span-2 flex items-center gap-1.5">
            <CalendarDays aria-hidden className="size-4 text-gray-400" />
            <dt className="sr-only">{t('card.datesLabel')}</dt>
            <dd>
              <CampaignDates start={campaign.start_date} end={campaign.end_date} />
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Layers aria-hidden className="size-4 text-gray-400" />
            <dt className="sr-only">{t('card.slidesLabel')}</dt>
            <dd>{t('card.slides', { count: campaign.slide_count })}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Clock aria-hidden className="size-4 text-gray-400" />
            <dt className="sr-only">{t('card.durationLabel')}</dt>
            <dd>{formatDuration(campaign.total_duration)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="sr-only">{t('card.contentTypeLabel')}</dt>
            <dd>
              <Badge>{contentTypeLabel(campaign.content_type)}</Badge>
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-gray-200 px-5 py-3">
        {canChange && (
          <Button asChild variant="outline" size="sm">
            <Link to={paths.dashboard.campaigns.edit.getHref(campaign.id)} aria-label={t('card.edit', { name: campaign.name })}>
              <Pencil aria-hidden className="size-4" />
              {t('common:actions.edit')}
            </Link>
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <Link to={paths.dashboard.campaigns.builder.getHref(campaign.id)} aria-label={t('card.builderFor', { name: campaign.name })}>
            <Presentation aria-hidden className="size-4" />
            {t('card.builder')}
          </Link>
        </Button>
        {canChange && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto text-danger-700 hover:bg-danger-50"
            onClick={() => onDelete(campaign)}
            aria-label={t('card.delete', { name: campaign.name })}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('common:actions.delete')}
          </Button>
        )}
      </div>
    </Card>
  );
}
