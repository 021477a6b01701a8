import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export function CustomerViewRoute() {
  const { id = '' } = useParams();
  return <ContentLayout title="Customer Details" description={`Customer ${id}`} />;
}
