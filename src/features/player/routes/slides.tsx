import { ContentLayout } from '@/components/layouts/content-layout';

/** The customer's full-screen slide player (/slides). */
export function SlidesRoute() {
  return (
    <main className="min-h-full">
      <ContentLayout title="Slides" description="Your active campaigns, played full-screen." />
    </main>
  );
}
