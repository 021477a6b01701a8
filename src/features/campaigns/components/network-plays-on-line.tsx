import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { networkTargetKeys, type CampaignTargetRow } from '../api/network-targets';

interface NetworkPlaysOnLineProps {
  campaignId: string;
  /** campaigns.plays_on of a network campaign: its 'targets', or the whole 'network'. */
  playsOn: string;
  advertiser: string | null;
  spotsPerLoop: number;
}

const targetName = (target: CampaignTargetRow) =>
  target.customer_id
    ? (target.customers?.name ?? translate('campaigns:where.aVenue'))
    : target.group_id
      ? translate('campaigns:where.group', { name: target.screen_groups?.name ?? translate('campaigns:where.aGroup') })
      : (target.equipment_status?.device_name ?? translate('campaigns:where.aScreen'));

/** Whose network campaign it is, where it plays (its targets by name, or the whole network) and its spots per loop. */
export function NetworkPlaysOnLine({ campaignId, playsOn, advertiser, spotsPerLoop }: NetworkPlaysOnLineProps) {
  const { t } = useTranslation('campaigns');
  const onTargets = playsOn === 'targets';
  const targets = useQuery({ ...networkTargetKeys.ofCampaign(campaignId), enabled: onTargets });
  const whose = t('where.networkOf', {
    advertiser: advertiser ?? t('where.anAdvertiser'),
    count: spotsPerLoop,
  });
  let where: string;
  if (!onTargets) where = t('where.wholeNetwork');
  else if (targets.isPending) where = t('where.loading');
  else if (targets.isError) where = t('where.loadFailed');
  else if (targets.data.length === 0) where = t('where.noTargets');
  else where = t('where.targets', { names: targets.data.map(targetName).join(', ') });
  return (
    <>
      <p className="text-sm break-words text-gray-600">{whose}</p>
      <p className="text-sm break-words text-gray-500">{where}</p>
    </>
  );
}
