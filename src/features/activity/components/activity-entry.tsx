import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { type AuditEntry, describeEntry, fieldChanges } from '@/entities/audit/audit-entries';
import { formatDateTime, timeAgo } from '@/lib/format';

const tones = { insert: 'success', update: 'brand', delete: 'danger' } as const;

/** One entry of the audit trail: who did what to which record, when, and each field before → after. */
export function ActivityEntry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('activity');
  const changes = fieldChanges(entry);
  return (
    <article className="rounded-lg border border-gray-200 bg-white p-4" aria-label={describeEntry(entry)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-sm font-medium text-gray-900">
          {describeEntry(entry)}
          {entry.action === 'update' && changes.length > 0 && (
            <span className="font-normal text-gray-700">
              {t('entry.changesIntro', {
                changes: changes
                  .map((c) =>
                    t('entry.inlineChange', { field: c.label.toLowerCase(), before: c.before, after: c.after }),
                  )
                  .join(t('entry.changeSeparator')),
              })}
            </span>
          )}
        </p>
        <div className="flex items-center gap-2">
          <Badge tone={tones[entry.action]}>{t(`actions.${entry.action}`)}</Badge>
          <time className="text-xs text-gray-500" dateTime={entry.at} title={formatDateTime(entry.at)}>
            {timeAgo(entry.at)}
          </time>
        </div>
      </div>
      {changes.length > 0 && entry.action === 'update' && <FieldList entry={entry} />}
      {changes.length > 0 && entry.action !== 'update' && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-gray-600 focus-visible:outline-2 focus-visible:outline-brand-600">
            {entry.action === 'insert' ? t('entry.addedFields') : t('entry.removedFields')}
          </summary>
          <FieldList entry={entry} />
        </details>
      )}
    </article>
  );
}

function FieldList({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('activity');
  const changes = fieldChanges(entry);
  return (
    <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="text-gray-500">{change.label}</dt>
          <dd className="break-all text-gray-900">
            {entry.action === 'update'
              ? t('entry.beforeAfter', { before: change.before, after: change.after })
              : entry.action === 'insert'
                ? change.after
                : change.before}
          </dd>
        </div>
      ))}
    </dl>
  );
}
