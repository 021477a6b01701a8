import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

export function CustomerNotFound() {
  return (
    <div className="mx-auto max-w-7xl p-4 sm:p-6">
      <EmptyState
        icon={SearchX}
        title="Customer not found"
        description="This customer does not exist or has been deleted."
        action={
          <Button asChild variant="outline">
            <Link to={paths.dashboard.customers.list.getHref()}>
              <ArrowLeft aria-hidden className="size-4" />
              Back to Customers
            </Link>
          </Button>
        }
      />
    </div>
  );
}
