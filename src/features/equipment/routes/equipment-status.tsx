import { ContentLayout } from '@/components/layouts/content-layout';

export function EquipmentStatusRoute() {
  return <ContentLayout title="Equipment Status" description="Online, idle, offline and failing devices." />;
}
