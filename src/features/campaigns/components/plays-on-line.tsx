import { useQuery } from '@tanstack/react-query';
import { campaignScreenKeys } from '../api/campaign-screens';

/** One line saying where the campaign plays: every screen of its venue, or the chosen ones by name. */
export function PlaysOnLine({ campaignId, venueName }: { campaignId: string; venueName: string | null }) {
  const screens = useQuery(campaignScreenKeys.ofCampaign(campaignId));
  let text: string;
  if (screens.isPending) text = 'Loading where it plays...';
  else if (screens.isError) text = 'Could not load where this campaign plays.';
  else if (screens.data.length === 0) text = `Plays on all screens of ${venueName ?? 'its venue'}`;
  else
    text = `Plays on ${screens.data.length} ${screens.data.length === 1 ? 'screen' : 'screens'}: ${screens.data
      .map((screen) => screen.device_name)
      .join(', ')}`;
  return <p className="text-sm text-gray-500">{text}</p>;
}
