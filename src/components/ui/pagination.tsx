import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/utils/cn';
import { Button } from './button';

export interface PaginationProps {
  /** 0-based page shown. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What the rows are, for the summary ('advertisers'). */
  noun: string;
  className?: string;
}

/** 'Showing 25–48 of 2,000 advertisers' with Previous and Next buttons. */
export function Pagination({ page, pageSize, total, onPageChange, noun, className }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const number = new Intl.NumberFormat('en-US');
  return (
    <nav aria-label="Pagination" className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-gray-600">
        Showing {number.format(first)}–{number.format(last)} of {number.format(total)} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </Button>
        <span className="text-sm text-gray-600">
          Page {page + 1} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
