import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export function CustomerEditRoute() {
  const { id = '' } = useParams();
  return <ContentLayout title="Edit Customer" description={`Customer ${id}`} />;
}
