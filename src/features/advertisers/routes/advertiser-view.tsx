import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export function AdvertiserViewRoute() {
  const { id = '' } = useParams();
  return <ContentLayout title="Advertiser Details" description={`Advertiser ${id}`} />;
}
