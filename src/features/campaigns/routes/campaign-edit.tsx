import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export function CampaignEditRoute() {
  const { id = '' } = useParams();
  return <ContentLayout title="Edit Campaign" description={`Campaign ${id}`} />;
}
