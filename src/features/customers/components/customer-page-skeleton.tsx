import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';

export function CustomerPageSkeleton() {
  const { t } = useTranslation('customers');
  return (
    <LoadingRegion label={t('loading')} className="mx-auto max-w-7xl space-y-6 p-4 sm:p-6">
      <Skeleton className="h-8 w-64" />
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} className="space-y-3 p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      ))}
    </LoadingRegion>
  );
}
