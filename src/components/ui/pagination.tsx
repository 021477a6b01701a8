import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/utils/cn';
import { Button } from './button';
import { useTranslation } from 'react-i18next';
import { translate } from '@/i18n';
import { formatNumber } from '@/lib/format';

export interface PaginationProps {
  /** 0-based page shown. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What one row is, for the summary ('advertiser'), in the current language; the plural adds an s unless `nounPlural` is given. */
  noun: string;
  nounPlural?: string;
  className?: string;
}

/** What a list's summary says: '3 customers' when one page holds them all, else 'Showing 25–48 of 2,000 advertisers'. */
export function pageSummary({
  page,
  pageSize,
  total,
  noun,
  nounPlural = `${noun}s`,
}: Omit<PaginationProps, 'onPageChange' | 'className'>) {
  const name = total === 1 ? noun : nounPlural;
  if (total <= pageSize && page === 0)
    return translate('common:paging.summary', { total: formatNumber(total), items: name });
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return translate('common:paging.range', {
    first: formatNumber(first),
    last: formatNumber(last),
    total: formatNumber(total),
    items: name,
  });
}

/** The paging under every list: its summary, and Previous and Next when there is more than one page. */
export function Pagination({ page, pageSize, total, onPageChange, noun, nounPlural, className }: PaginationProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('paging.label')} className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-gray-600" aria-live="polite">
        {pageSummary({ page, pageSize, total, noun, nounPlural })}
      </p>
      {(pages > 1 || page > 0) && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden className="size-4" />
            {t('actions.previous')}
          </Button>
          <span className="text-sm text-gray-600">
            {t('paging.page', { page: formatNumber(page + 1), pages: formatNumber(pages) })}
          </span>
          <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => onPageChange(page + 1)}>
            {t('actions.next')}
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}
