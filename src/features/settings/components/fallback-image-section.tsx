// Settings → Fallback image: what a wall with nothing on air plays when its venue chose no
// image of its own, instead of any sentence about scheduling.
import { useQuery } from '@tanstack/react-query';
import { QueryBoundary } from '@/components/errors/query-boundary';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { FallbackImageField } from '@/entities/venue/fallback-image-field';
import { useCan } from '@/lib/auth';
import { networkFallbackQueryOptions, useSaveNetworkFallback } from '../api/fallback-image';

export function FallbackImageSection() {
  const fallback = useQuery(networkFallbackQueryOptions());
  const save = useSaveNetworkFallback();
  const toast = useToast();
  const canEdit = useCan('settings');

  return (
    <Card>
      <CardHeader>
        <CardTitle>Fallback image</CardTitle>
        <CardDescription>
          A wall with nothing on air (no campaign, or between dayparts) plays its venue&apos;s own fallback image, or
          else this one. Screens keep it and show it offline too.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryBoundary
          query={fallback}
          loading={
            <LoadingRegion label="Loading the fallback image...">
              <Skeleton className="h-24" />
            </LoadingRegion>
          }
          error="The fallback image could not be loaded"
        >
          {(data) => (
            <FallbackImageField
              label="Network fallback image"
              hint="Landscape, 1920×1080 or 960×540 works best; at most 5 MB."
              path={data.fallback_image_path}
              noneText="None: walls with nothing on air show a calm screen with the venue's name."
              disabled={!canEdit}
              onSave={(path) =>
                save
                  .mutateAsync(path)
                  .then(() =>
                    toast({ tone: 'success', title: path ? 'Fallback image saved' : 'Fallback image removed' }),
                  )
              }
            />
          )}
        </QueryBoundary>
      </CardContent>
    </Card>
  );
}
