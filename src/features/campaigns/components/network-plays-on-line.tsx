import { useQuery } from '@tanstack/react-query';
import { networkTargetKeys, type CampaignTargetRow } from '../api/network-targets';

interface NetworkPlaysOnLineProps {
  campaignId: string;
  /** campaigns.plays_on of a network campaign: its 'targets', or the whole 'network'. */
  playsOn: string;
  advertiser: string | null;
  spotsPerLoop: number;
}

const targetName = (t: CampaignTargetRow) =>
  t.customer_id
    ? (t.customers?.name ?? 'a venue')
    : t.group_id
      ? `${t.screen_groups?.name ?? 'a group'} (group)`
      : (t.equipment_status?.device_name ?? 'a screen');

/** Whose network campaign it is, where it plays (its targets by name, or the whole network) and its spots per loop. */
export function NetworkPlaysOnLine({ campaignId, playsOn, advertiser, spotsPerLoop }: NetworkPlaysOnLineProps) {
  const onTargets = playsOn === 'targets';
  const targets = useQuery({ ...networkTargetKeys.ofCampaign(campaignId), enabled: onTargets });
  const spots = `${spotsPerLoop} ${spotsPerLoop === 1 ? 'spot' : 'spots'} per loop`;
  const whose = `Network campaign of ${advertiser ?? 'an advertiser'} · ${spots}`;
  let where: string;
  if (!onTargets) where = 'Plays on the whole network';
  else if (targets.isPending) where = 'Loading where it plays...';
  else if (targets.isError) where = 'Could not load where this campaign plays.';
  else if (targets.data.length === 0)
    where = 'Plays on no screens: it has no targets. Edit the campaign to choose some.';
  else where = `Plays on ${targets.data.map(targetName).join(', ')}`;
  return (
    <>
      <p className="text-sm break-words text-gray-600">{whose}</p>
      <p className="text-sm break-words text-gray-500">{where}</p>
    </>
  );
}
