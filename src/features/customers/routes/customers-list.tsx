import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleMinus, Search, Users, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddLink } from '@/components/lists/add-link';
import { CardList } from '@/components/lists/card-list';
import { ListContent } from '@/components/lists/list-content';
import { ListCounters } from '@/components/lists/list-counters';
import { ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { SkeletonGrid } from '@/components/lists/skeleton-grid';
import { ListPage } from '@/components/layouts/list-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useListSearchParams } from '@/hooks/use-list-search-params';
import { useDeleteCustomer, useToggleCustomerStatus } from '../api/customer-mutations';
import { CUSTOMER_STATUSES, toggledStatus, type Customer } from '../api/customer-schema';
import { CUSTOMERS_PAGE_SIZE, customerCountsOptions, customerListOptions } from '../api/customers';
import { CustomerCard } from '../components/customer-card';
import { DeleteCustomerDialog } from '../components/delete-customer-dialog';
import { useMayUse } from '@/lib/may-use';

/** Every customer, and each status: the three statuses add up to the total. */
function CustomerCounts() {
  const { t } = useTranslation('customers');
  const { data, isError } = useQuery(customerCountsOptions());
  return (
    <ListCounters
      label={t('list.counts.label')}
      isError={isError}
      counters={[
        { label: t('list.counts.total'), value: data?.total, icon: Users, iconClassName: 'bg-brand-50 text-brand-700' },
        {
          label: t('list.counts.active'),
          value: data?.active,
          icon: CircleCheck,
          iconClassName: 'bg-success-50 text-success-700',
        },
        {
          label: t('list.counts.inactive'),
          value: data?.inactive,
          icon: CircleMinus,
          iconClassName: 'bg-gray-100 text-gray-600',
        },
        {
          label: t('list.counts.maintenance'),
          value: data?.maintenance,
          icon: Wrench,
          iconClassName: 'bg-warning-50 text-warning-700',
        },
      ]}
    />
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


export function CustomersListRoute() {
  const { t } = useTranslation('customers');
  // Search, status and page live in the address, so back and reload keep them.
  const { searchText, setSearchText, search, status, setStatus, page, setPage } =
    useListSearchParams(CUSTOMER_STATUSES);
  const list = useQuery(customerListOptions({ search, status, page }));
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
          title: t(next === 'active' ? 'list.toast.activated' : 'list.toast.deactivated', { name: customer.name }),
        }),
      onError: (error) => {
        console.error(error);
        toast({ tone: 'danger', title: t('list.toast.updateFailed'), description: errorMessage(error.cause ?? error) });
      },
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    const { id, name } = toDelete;
    remove.mutate(id, {
      onSuccess: () => {
        setToDelete(null);
        toast({ tone: 'success', title: t('list.toast.deleted', { name }) });
      },
      onError: (error) => console.error(error),
    });
  };

  const filtered = search !== '' || status !== 'all';
  const canAdd = useMayUse('venues');
  const addLink = canAdd && <AddLink to={paths.dashboard.customers.add.getHref()}>{t('list.add')}</AddLink>;

  return (
    <ListPage
      title={t('list.title')}
      description={t('list.description')}
      actions={addLink}
      counters={<CustomerCounts />}
      filters={
        <ListToolbar>
          <SearchField
            id="customer-search"
            label={t('list.search.label')}
            placeholder={t('list.search.placeholder')}
            className="min-w-56"
            value={searchText}
            onValueChange={setSearchText}
          />
          <StatusFilterSelect
            id="customer-status-filter"
            className="w-48"
            statuses={CUSTOMER_STATUSES}
            value={status}
            onValueChange={setStatus}
          />
        </ListToolbar>
      }
      paging={{
        page,
        pageSize: CUSTOMERS_PAGE_SIZE,
        total: list.data?.total,
        noun: t('list.noun'),
        nounPlural: t('list.nounPlural'),
        onPageChange: setPage,
      }}
      footer={
        <DeleteCustomerDialog
          customer={toDelete}
          isPending={remove.isPending}
          isError={remove.isError}
          onCancel={() => {
            setToDelete(null);
            remove.reset();
          }}
          onConfirm={onConfirmDelete}
        />
      }
    >
      <ListContent
        query={list}
        loading={<SkeletonGrid label={t('list.loading')} className={`grid gap-4 ${GRID}`} item={CARD_SKELETON} />}
        errorTitle={t('list.error')}
        isEmpty={(data) => data.customers.length === 0}
        empty={
          filtered ? (
            <EmptyState
              icon={Search}
              title={t('list.noMatch.title')}
              description={t('list.noMatch.description')}
              action={
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearchText('');
                    setStatus('all');
                  }}
                >
                  {t('list.noMatch.clear')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Users}
              title={t('list.empty.title')}
              description={t('list.empty.description')}
              action={addLink}
            />
          )
        }
      >
        {(data) => (
          <CardList
            label={t('list.label')}
            className={GRID}
            items={data.customers}
            getKey={(customer) => customer.id}
            aria-busy={list.isPlaceholderData || undefined}
          >
            {(customer) => (
              <CustomerCard
                customer={customer}
                onToggleStatus={onToggle}
                onDelete={setToDelete}
                isToggling={toggle.isPending && toggle.variables.id === customer.id}
              />
            )}
          </CardList>
        )}
      </ListContent>
    </ListPage>
  );
}
