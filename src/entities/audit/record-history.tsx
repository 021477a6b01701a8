import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { translate } from '@/i18n';
import { formatDateTime, timeAgo } from '@/lib/format';
import { cn } from '@/utils/cn';
import { type AuditTable, auditEntriesQueryOptions, describeEntry, fieldChanges, recordKind } from './audit-entries';

/** How long ago, inside a sentence ('just now' rather than 'Just now'). */
const sentenceAgo = (at: string) => {
  const ago = timeAgo(at);
  return ago === translate('common:time.justNow') ? translate('activity:history.justNow') : ago;
};

export interface RecordHistoryProps {
  /** The audited table the record is a row of. */
  table: AuditTable;
  /** The record's id (composite keys joined with ':'). */
  rowId: string;
  /** How many of the latest changes to list. */
  limit?: number;
  className?: string;
}

/**
 * A record's last changes from the audit trail, for its detail page: "Edited by … 2 hours
 * ago", the latest few changes with each field before → after, and a link to the Activity
 * page filtered to the record.
 */
export function RecordHistory({ table, rowId, limit = 3, className }: RecordHistoryProps) {
  const { t } = useTranslation(['activity', 'common']);
  const history = useQuery(
    auditEntriesQueryOptions({
      table,
      record: rowId,
      actor: '',
      action: 'all',
      period: 'all',
      search: '',
      page: 0,
      pageSize: limit,
    }),
  );
  const headingId = `history-${table}-${rowId}`;
  const latest = history.data?.entries[0];

  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-lg border border-gray-200 bg-white p-4 [overflow-wrap:anywhere]', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          <History aria-hidden className="size-4 text-gray-500" />
          {t('history.title')}
        </h2>
        <Link
          to={paths.dashboard.activity.getHref({ table, record: rowId })}
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('history.allChanges', { kind: recordKind(table) })}
        </Link>
      </div>
      {history.isPending ? (
        <LoadingRegion label={t('history.loading')} className="mt-3">
          <Skeleton className="h-10" />
        </LoadingRegion>
      ) : history.isError ? (
        <p className="mt-2 text-sm text-danger-700" role="alert">
          {t('history.loadFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void history.refetch()}>
            {t('common:actions.retry')}
          </button>
        </p>
      ) : !latest ? (
        <p className="mt-2 text-sm text-gray-500">{t('history.none')}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-gray-700">
            <Trans
              t={t}
              i18nKey={latest.action === 'insert' ? 'history.addedBy' : 'history.editedBy'}
              values={{
                who:
                  latest.actor_email ??
                  (latest.actor_role === 'system' ? t('history.theSystem') : t('history.aServerTask')),
                ago: sentenceAgo(latest.at),
              }}
              components={{
                who: <span className="font-medium" />,
                ago: <time dateTime={latest.at} title={formatDateTime(latest.at)} />,
              }}
            />
          </p>
          <ul className="mt-3 space-y-2">
            {history.data.entries.map((entry) => (
              <li key={entry.id} className="text-sm">
                <p className="text-gray-700">
                  {describeEntry(entry)} · <time dateTime={entry.at}>{timeAgo(entry.at)}</time>
                </p>
                {entry.action === 'update' && (
                  <ul className="mt-1 space-y-0.5 pl-4 text-gray-600">
                    {fieldChanges(entry).map((change) => (
                      <li key={change.field}>
                        {t('history.change', { field: change.label, before: change.before, after: change.after })}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
