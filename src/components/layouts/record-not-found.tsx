import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export interface RecordNotFoundProps {
  /** What the record is, as a heading starts it: 'Customer' reads 'Customer not found'. */
  noun: string;
  /** The whole heading, in the screen's language ('Venue not found'); without it, built from `noun`. */
  title?: string;
  /** Why it may be missing. */
  description: string;
  /** Where "Back to …" leads (the record's list). */
  back: { to: string; label: string };
  /** Shown as the whole page, with a page's margins, rather than inside a ContentLayout. */
  page?: boolean;
}

/** What a record's detail or edit screen shows when no record has its id: a way back to the list. */
export function RecordNotFound({ noun, title, description, back, page = false }: RecordNotFoundProps) {
  const { t } = useTranslation('layout');
  const state = (
    <EmptyState
      icon={SearchX}
      title={title ?? t('notFound.title', { noun })}
      description={description}
      action={
        <Button asChild variant="outline">
          <Link to={back.to}>
            <ArrowLeft aria-hidden className="size-4" />
            {back.label}
          </Link>
        </Button>
      }
    />
  );
  return page ? <div className="mx-auto max-w-7xl p-4 sm:p-6">{state}</div> : state;
}
