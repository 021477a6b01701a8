// Settings → Fallback image: what a wall with nothing on air plays when its venue chose no
// image of its own, instead of any sentence about scheduling.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { FallbackImageField } from '@/entities/venue/fallback-image-field';
import { useCan } from '@/lib/auth';
import { networkFallbackQueryOptions, useSaveNetworkFallback } from '../api/fallback-image';

export function FallbackImageSection() {
  const { t } = useTranslation('settings');
  const fallback = useQuery(networkFallbackQueryOptions());
  const save = useSaveNetworkFallback();
  const toast = useToast();
  const canEdit = useCan('settings');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('fallback.title')}</CardTitle>
        <CardDescription>{t('fallback.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={fallback}
          loading={
            <LoadingRegion label={t('fallback.loading')}>
              <Skeleton className="h-24" />
            </LoadingRegion>
          }
          error={t('fallback.loadFailed')}
        >
          {(data) => (
            <FallbackImageField
              label={t('fallback.label')}
              hint={t('fallback.hint')}
              path={data.fallback_image_path}
              noneText={t('fallback.none')}
              disabled={!canEdit}
              onSave={(path) =>
                save
                  .mutateAsync(path)
                  .then(() =>
                    toast({ tone: 'success', title: t(path ? 'fallback.saved' : 'fallback.removed') }),
                  )
              }
            />
          )}
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}
