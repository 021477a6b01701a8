import { ContentLayout } from '@/components/layouts/content-layout';

export function TestDynamicRoute() {
  return (
    <ContentLayout
      title="Dynamic Content Test"
      description="Test and preview dynamic content for your digital signage campaigns"
    />
  );
}
