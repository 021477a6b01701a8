import { useQuery } from '@tanstack/react-query';
import { campaignScreenKeys } from '../api/campaign-screens';

interface PlaysOnLineProps {
  campaignId: string;
  /** campaigns.plays_on: 'all' screens of the venue, or the 'chosen' ones. */
  playsOn: string;
  venueName: string | null;
}

/** One line saying where the campaign plays: every screen of its venue, or the chosen ones by name. */
export function PlaysOnLine({ campaignId, playsOn, venueName }: PlaysOnLineProps) {
  const chosen = playsOn === 'chosen';
  const screens = useQuery({ ...campaignScreenKeys.ofCampaign(campaignId), enabled: chosen });
  if (!chosen)
    return <p className="text-sm break-words text-gray-500">Plays on all screens of {venueName ?? 'its venue'}</p>;
  if (screens.isPending) return <p className="text-sm break-words text-gray-500">Loading where it plays...</p>;
  if (screens.isError)
    return <p className="text-sm break-words text-gray-500">Could not load where this campaign plays.</p>;
  if (screens.data.length === 0)
    return (
      <p className="text-sm break-words font-medium text-amber-700">
        Plays on no screens: its chosen screens were removed. Edit the campaign to choose screens.
      </p>
    );
  const count = screens.data.length;
  return (
    <p className="text-sm break-words text-gray-500">
      Plays on {count} {count === 1 ? 'screen' : 'screens'}:{' '}
      {screens.data.map((screen) => screen.device_name).join(', ')}
    </p>
  );
}
