import { RecordNotFound } from '@/components/layouts/record-not-found';
import { paths } from '@/config/paths';

/** The customer screens' answer to an id no customer has (the whole page). */
export function CustomerNotFound() {
  return (
    <RecordNotFound
      page
      noun="Customer"
      description="This customer does not exist or has been deleted."
      back={{ to: paths.dashboard.customers.list.getHref(), label: 'Back to Customers' }}
    />
  );
}
