import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Search, Users } from 'lucide-react';
import { useState } from 'react';
import { AddLink } from '@/components/lists/add-link';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/hooks/use-debounced-value';
import type { ScreenPrefetch } from '@/lib/prefetch';
import { useDeleteCustomer, useToggleCustomerStatus } from '../api/customer-mutations';
import { CUSTOMER_STATUSES, toggledStatus, type Customer } from '../api/customer-schema';
import { customerCountsOptions, customerListOptions, type StatusFilter } from '../api/customers';
import { CustomerCard } from '../components/customer-card';

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

const GRID = 'md:grid-cols-2 2xl:grid-cols-3';

const CARD_SKELETON = (
  <Card className="space-y-3 p-5">
    <Skeleton className="h-5 w-2/3" />
    <Skeleton className="h-4 w-1/2" />
    <Skeleton className="h-4 w-3/4" />
    <Skeleton className="h-8 w-full" />
  </Card>
);

/** The list as it opens (no search, every status) and its counts. */
const FIRST_FILTERS = { search: '', status: 'all' } as const satisfies { search: string; status: StatusFilter };

export const prefetch: ScreenPrefetch = (queryClient) => {
  void queryClient.prefetchInfiniteQuery(customerListOptions(FIRST_FILTERS));
  void queryClient.prefetchQuery(customerCountsOptions());
};

export function CustomersListRoute() {
  const [search, setSearch] = useState<string>(FIRST_FILTERS.search);
  const [status, setStatus] = useState<StatusFilter>(FIRST_FILTERS.status);
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
  const addLink = <AddLink to={paths.dashboard.customers.add.getHref()}>Add Customer</AddLink>;

  return (
    <ContentLayout title="Customers" description="Venues that host display screens.">
      <div className="flex justify-end">{addLink}</div>
      <CustomerCounts />
      <ListToolbar layout="stack-sm">
        <SearchField
          id="customer-search"
          label="Search customers"
          placeholder="Search by name or location"
          value={search}
          onValueChange={setSearch}
        />
        <StatusFilterSelect
          id="customer-status-filter"
          className="sm:w-56"
          statuses={CUSTOMER_STATUSES}
          value={status}
          onValueChange={(value) => setStatus(value as StatusFilter)}
        />
      </ListToolbar>
      <ListContent
        query={list}
        loading={<SkeletonGrid label="Loading customers..." className={`grid gap-4 ${GRID}`} item={CARD_SKELETON} />}
        errorTitle="Could not load customers"
        isEmpty={() => customers.length === 0}
        empty={
          filtered ? (
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
              action={addLink}
            />
          )
        }
      >
        {() => (
          <div className="space-y-4">
            <p className="text-sm text-gray-500" aria-live="polite">
              Showing {customers.length} of {total} customers
            </p>
            <CardList label="Customers" className={GRID} items={customers} getKey={(customer) => customer.id}>
              {(customer) => (
                <CustomerCard
                  customer={customer}
                  onToggleStatus={onToggle}
                  onDelete={setToDelete}
                  isToggling={toggle.isPending && toggle.variables.id === customer.id}
                />
              )}
            </CardList>
            {list.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage}>
                  Load more
                </Button>
              </div>
            )}
          </div>
        )}
      </ListContent>
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
