import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export function AdvertiserEditRoute() {
  const { id = '' } = useParams();
  return <ContentLayout title="Edit Advertiser" description={`Advertiser ${id}`} />;
}
