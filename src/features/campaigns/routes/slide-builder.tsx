import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export function SlideBuilderRoute() {
  const { id = '' } = useParams();
  return <ContentLayout title="Slide Builder" description={`Campaign ${id}`} />;
}
