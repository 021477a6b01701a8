import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

export function AdvertiserNotFound() {
  return (
    <EmptyState
      icon={SearchX}
      title="Advertiser not found"
      description="It may have been removed, or the link is wrong."
      action={
        <Button asChild variant="outline">
          <Link to={paths.dashboard.advertisers.list.getHref()}>
            <ArrowLeft aria-hidden className="size-4" />
            Back to Advertisers
          </Link>
        </Button>
      }
    />
  );
}
