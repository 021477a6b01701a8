import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Plus, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, errorMessage } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDeleteCustomer, useToggleCustomerStatus } from '../api/customer-mutations';
import { toggledStatus, type Customer } from '../api/customer-schema';
import { customerCountsOptions, customerListOptions, type StatusFilter } from '../api/customers';
import { CustomerCard } from '../components/customer-card';
import { useDebouncedValue } from '../lib/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'maintenance', label: 'Maintenance' },
] as const;

function AddCustomerButton() {
  return (
    <Button asChild>
      <Link to={paths.dashboard.customers.add.getHref()}>
        <Plus aria-hidden className="size-4" />
        Add Customer
      </Link>
    </Button>
  );
}

function CustomerCounts() {
  const { data, isPending, isError } = useQuery(customerCountsOptions());
  const figure = (n: number | undefined) => (isPending ? '…' : isError || n === undefined ? '—' : String(n));
  const items = [
    { label: 'Total Customers', value: figure(data?.total) },
    { label: 'Active', value: figure(data?.active) },
    { label: 'Inactive', value: figure(data?.inactive) },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3" aria-busy={isPending || undefined}>
      {items.map((item) => (
        <Card key={item.label} className="px-5 py-4">
          <dt className="text-sm text-gray-500">{item.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-gray-900">{item.value}</dd>
        </Card>
      ))}
    </dl>
  );
}

function ListSkeleton() {
  return (
    <LoadingRegion label="Loading customers..." className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} className="space-y-3 p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-8 w-full" />
        </Card>
      ))}
    </LoadingRegion>
  );
}

export function CustomersListRoute() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = { search: debouncedSearch, status };
  const list = useInfiniteQuery(customerListOptions(filters));
  const toast = useToast();

  const toggle = useToggleCustomerStatus();
  const remove = useDeleteCustomer();
  const [toDelete, setToDelete] = useState<Customer | null>(null);

  const onToggle = (customer: Customer) => {
    const next = toggledStatus(customer.status);
    toggle.mutate(customer, {
      onSuccess: () =>
        toast({
          tone: 'success',
          title: next === 'active' ? `${customer.name} activated` : `${customer.name} deactivated`,
        }),
      onError: (error) => {
        console.error(error);
        toast({ tone: 'danger', title: 'Failed to update customer', description: errorMessage(error.cause ?? error) });
      },
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    const { id, name } = toDelete;
    remove.mutate(id, {
      onSuccess: () => {
        setToDelete(null);
        toast({ tone: 'success', title: `${name} deleted` });
      },
      onError: (error) => console.error(error),
    });
  };

  const customers = list.data?.pages.flatMap((page) => page.customers) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = debouncedSearch !== '' || status !== 'all';

  let body;
  if (list.isPending) {
    body = <ListSkeleton />;
  } else if (list.isError) {
    body = (
      <ErrorState
        title="Could not load customers"
        error={list.error}
        onRetry={() => void list.refetch()}
        isRetrying={list.isRefetching}
      />
    );
  } else if (customers.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={Search}
        title="No customers match"
        description="No customer's name or location matches your search and status filter."
        action={
          <Button
            variant="outline"
            onClick={() => {
              setSearch('');
              setStatus('all');
            }}
          >
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Users}
        title="No customers yet"
        description="Customers are the venues that host your display screens. Add the first one to get started."
        action={<AddCustomerButton />}
      />
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-gray-500" aria-live="polite">
          Showing {customers.length} of {total} customers
        </p>
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Customers">
          {customers.map((customer) => (
            <li key={customer.id} className="flex">
              <div className="flex-1 [&>*]:h-full">
                <CustomerCard
                  customer={customer}
                  onToggleStatus={onToggle}
                  onDelete={setToDelete}
                  isToggling={toggle.isPending && toggle.variables.id === customer.id}
                />
              </div>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="outline" onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage}>
              Load more
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <ContentLayout title="Customers" description="Venues that host display screens.">
      <div className="flex justify-end">
        <AddCustomerButton />
      </div>
      <CustomerCounts />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="customer-search">Search customers</Label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
            />
            <Input
              id="customer-search"
              type="search"
              className="pl-9"
              placeholder="Search by name or location"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="space-y-1.5 sm:w-56">
          <Label htmlFor="customer-status-filter">Status</Label>
          <Select
            id="customer-status-filter"
            options={statusOptions}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
          />
        </div>
      </div>
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
            remove.reset();
          }
        }}
        title="Delete customer?"
        description={
          toDelete
            ? `${toDelete.name} and their details will be permanently deleted. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={onConfirmDelete}
      >
        {remove.isError && <Alert tone="danger">Failed to delete customer. Please try again.</Alert>}
      </ConfirmDialog>
    </ContentLayout>
  );
}
