import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { campaignScreenKeys } from '../api/campaign-screens';

interface PlaysOnLineProps {
  campaignId: string;
  /** campaigns.plays_on: 'all' screens of the venue, or the 'chosen' ones. */
  playsOn: string;
  venueName: string | null;
}

/** One line saying where the campaign plays: every screen of its venue, or the chosen ones by name. */
export function PlaysOnLine({ campaignId, playsOn, venueName }: PlaysOnLineProps) {
  const { t } = useTranslation('campaigns');
  const chosen = playsOn === 'chosen';
  const screens = useQuery({ ...campaignScreenKeys.ofCampaign(campaignId), enabled: chosen });
  if (!chosen)
    return (
      <p className="text-sm break-words text-gray-500">
        {venueName ? t('where.allScreensOf', { venue: venueName }) : t('where.allScreensOfItsVenue')}
      </p>
    );
  if (screens.isPending) return <p className="text-sm break-words text-gray-500">{t('where.loading')}</p>;
  if (screens.isError) return <p className="text-sm break-words text-gray-500">{t('where.loadFailed')}</p>;
  if (screens.data.length === 0)
    return (
      <p className="text-sm break-words font-medium text-amber-700">
        {t('where.noScreens')}
      </p>
    );
  return (
    <p className="text-sm break-words text-gray-500">
      {t('where.screens', {
        count: screens.data.length,
        names: screens.data.map((screen) => screen.device_name).join(', '),
      })}
    </p>
  );
}
