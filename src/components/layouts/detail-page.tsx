import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/utils/cn';
import { ContentLayout } from './content-layout';

export interface DetailPageProps {
  /** The record's name. */
  title: string;
  /** What the record is ("Customer Details"), and its status badge. */
  description?: ReactNode;
  /** Where "Back to …" leads. */
  back: { to: string; label: string };
  /** The record's actions (Edit last, as the primary one). */
  actions?: ReactNode;
  /** DetailSections. */
  children: ReactNode;
}

/** The one layout of every detail screen: back link, the record's name and status, its actions, then its sections. */
export function DetailPage({ title, description, back, actions, children }: DetailPageProps) {
  return (
    <ContentLayout title={title} description={description} back={back} actions={actions}>
      <div className="grid gap-6 lg:grid-cols-3">{children}</div>
    </ContentLayout>
  );
}

export interface DetailSectionProps {
  title: string;
  /** 'wide' spans two of the three columns, 'full' all three. */
  span?: 'wide' | 'full';
  children: ReactNode;
}

/** A titled card of a detail page. */
export function DetailSection({ title, span, children }: DetailSectionProps) {
  return (
    <Card className={cn('min-w-0', span === 'wide' && 'lg:col-span-2', span === 'full' && 'lg:col-span-3')}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The labelled values of a section, in one column or, with `columns`, two from the sm breakpoint. */
export function DetailList({ columns = 1, children }: { columns?: 1 | 2; children: ReactNode }) {
  return <dl className={cn('grid gap-4', columns === 2 && 'sm:grid-cols-2')}>{children}</dl>;
}

/** One labelled value; an empty value reads 'Not set'. Long values wrap. */
export function DetailItem({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation('layout');
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={cn('min-w-0 space-y-0.5', wide && 'sm:col-span-2')}>
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-line text-gray-900">
        {empty ? <span className="text-gray-500">{t('detail.notSet')}</span> : children}
      </dd>
    </div>
  );
}
