import type { ReactNode } from 'react';
import { Pagination, type PaginationProps } from '@/components/ui/pagination';
import { ContentLayout } from './content-layout';

export interface ListPageProps {
  title: string;
  description?: ReactNode;
  /** The primary action ("Add Customer") and any other page actions ("Refresh"), beside the title. */
  actions?: ReactNode;
  /** Counts of the list's rows: a ListCounters. */
  counters?: ReactNode;
  /** The search box and filters: a ListToolbar. */
  filters?: ReactNode;
  /** The list in the state its query is in: a ListContent. */
  children: ReactNode;
  /** The list's paging, under it; shown once the list has rows (undefined while it loads). */
  paging?: Omit<PaginationProps, 'total'> & { total: number | undefined };
  /** Anything the page adds after the list (dialogs). */
  footer?: ReactNode;
}

/** The one layout of every list screen: title and actions, counters, filters, the list, then its paging. */
export function ListPage({ title, description, actions, counters, filters, children, paging, footer }: ListPageProps) {
  return (
    <ContentLayout title={title} description={description} actions={actions}>
      {counters}
      {filters}
      <div className="space-y-4">
        {children}
        {paging?.total ? <Pagination {...paging} total={paging.total} /> : null}
      </div>
      {footer}
    </ContentLayout>
  );
}
